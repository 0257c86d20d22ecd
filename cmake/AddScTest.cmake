# add_sc_test(NAME SOURCES src... [LIBS lib...] [LABELS label...])
# One cmocka executable per test file, registered with ctest.
find_package(PkgConfig REQUIRED)
pkg_check_modules(CMOCKA REQUIRED IMPORTED_TARGET cmocka)

function(add_sc_test name)
  cmake_parse_arguments(T "" "" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  target_compile_options(${name} PRIVATE ${SC_WARNINGS})
  target_link_libraries(${name} PRIVATE PkgConfig::CMOCKA ${T_LIBS})
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES
    LABELS "unit;${T_LABELS}"
    ENVIRONMENT "SC_SOURCE_DIR=${PROJECT_SOURCE_DIR};SC_SHARED_DIR=${PROJECT_SOURCE_DIR}/../shared;SC_BINARY_DIR=${PROJECT_BINARY_DIR}")
endfunction()
