# FindLibClang.cmake — locates libclang's C API (clang-c/Index.h + libclang).
#
# Prefers LLVM 19, then 18 down to 14. For each version it asks
# `llvm-config-NN --prefix` and also tries the Debian prefix /usr/lib/llvm-NN;
# the header and the library must come from the same prefix. Set
# LIBCLANG_PREFIX to force one. Defines the imported target LibClang::libclang
# and LibClang_VERSION_MAJOR.

set(_lc_prefixes)
if(LIBCLANG_PREFIX)
  list(APPEND _lc_prefixes "${LIBCLANG_PREFIX}")
endif()
foreach(_v 19 18 17 16 15 14)
  find_program(_lc_llvm_config_${_v} NAMES llvm-config-${_v})
  if(_lc_llvm_config_${_v})
    execute_process(COMMAND "${_lc_llvm_config_${_v}}" --prefix
                    OUTPUT_VARIABLE _p OUTPUT_STRIP_TRAILING_WHITESPACE
                    RESULT_VARIABLE _rc ERROR_QUIET)
    if(_rc EQUAL 0 AND _p)
      list(APPEND _lc_prefixes "${_p}")
    endif()
  endif()
  list(APPEND _lc_prefixes "/usr/lib/llvm-${_v}")
endforeach()
list(REMOVE_DUPLICATES _lc_prefixes)

if(NOT LibClang_LIBRARY OR NOT LibClang_INCLUDE_DIR)
  foreach(_p IN LISTS _lc_prefixes)
    if(EXISTS "${_p}/include/clang-c/Index.h")
      unset(_lib CACHE)
      find_library(_lib NAMES clang libclang PATHS "${_p}/lib" NO_DEFAULT_PATH)
      if(_lib)
        set(LibClang_INCLUDE_DIR "${_p}/include" CACHE PATH "libclang headers")
        set(LibClang_LIBRARY "${_lib}" CACHE FILEPATH "libclang library")
        unset(_lib CACHE)
        break()
      endif()
      unset(_lib CACHE)
    endif()
  endforeach()
endif()
if(NOT LibClang_LIBRARY OR NOT LibClang_INCLUDE_DIR)
  # Last resort: a libclang installed in the default search paths.
  find_path(LibClang_INCLUDE_DIR clang-c/Index.h)
  find_library(LibClang_LIBRARY NAMES clang libclang)
endif()

if(LibClang_LIBRARY MATCHES "llvm-([0-9]+)")
  set(LibClang_VERSION_MAJOR "${CMAKE_MATCH_1}")
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LibClang
  REQUIRED_VARS LibClang_LIBRARY LibClang_INCLUDE_DIR
  REASON_FAILURE_MESSAGE
    "libclang (clang-c/Index.h) not found. On Debian: apt-get install libclang-19-dev")

if(LibClang_FOUND AND NOT TARGET LibClang::libclang)
  add_library(LibClang::libclang UNKNOWN IMPORTED)
  set_target_properties(LibClang::libclang PROPERTIES
    IMPORTED_LOCATION "${LibClang_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${LibClang_INCLUDE_DIR}")
endif()
