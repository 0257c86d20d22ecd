# TreeSitterC.cmake — fetches the tree-sitter C grammar at configure time.
#
# The grammar is third-party generated code and is never committed: it comes
# from the npm registry as the pinned package tree-sitter-c@0.23.4 (language
# ABI 14, what Debian's libtree-sitter 0.20 accepts), packed with `npm pack`
# into ${CMAKE_BINARY_DIR}/_deps/tree-sitter-c and extracted there. A build
# tree that already holds a verified copy does not download it again.
#
# Result: TREE_SITTER_C_DIR (holds src/parser.c and src/tree_sitter/parser.h)
# and TREE_SITTER_C_VERSION. Set TREE_SITTER_C_DIR yourself (-D...) to use a
# grammar unpacked elsewhere, e.g. on a machine without the npm registry.

set(TREE_SITTER_C_VERSION "0.23.4")
set(_tsc_abi 14)

function(_tsc_verify dir result)
  set(${result} FALSE PARENT_SCOPE)
  if(NOT EXISTS "${dir}/src/parser.c")
    return()
  endif()
  file(STRINGS "${dir}/src/parser.c" _lv REGEX "^#define LANGUAGE_VERSION [0-9]+" LIMIT_COUNT 1)
  if(_lv MATCHES "LANGUAGE_VERSION ([0-9]+)" AND CMAKE_MATCH_1 EQUAL ${_tsc_abi})
    set(${result} TRUE PARENT_SCOPE)
  endif()
endfunction()

if(NOT TREE_SITTER_C_DIR)
  set(_tsc_root "${CMAKE_BINARY_DIR}/_deps/tree-sitter-c")
  set(_tsc_dir "${_tsc_root}/package")
  _tsc_verify("${_tsc_dir}" _tsc_ok)
  if(NOT _tsc_ok)
    find_program(NPM_EXECUTABLE npm)
    if(NOT NPM_EXECUTABLE)
      message(FATAL_ERROR
        "sparsecc needs the tree-sitter C grammar, fetched with npm from the npm "
        "registry (tree-sitter-c@${TREE_SITTER_C_VERSION}), but `npm` was not found.\n"
        "Install it (Debian: apt-get install npm), or unpack that package yourself "
        "and pass -DTREE_SITTER_C_DIR=<dir holding src/parser.c>.")
    endif()
    file(REMOVE_RECURSE "${_tsc_root}")
    file(MAKE_DIRECTORY "${_tsc_root}")
    message(STATUS "Fetching tree-sitter-c@${TREE_SITTER_C_VERSION} with npm pack")
    execute_process(
      COMMAND "${NPM_EXECUTABLE}" pack "tree-sitter-c@${TREE_SITTER_C_VERSION}"
              --silent --no-fund --no-audit
      WORKING_DIRECTORY "${_tsc_root}"
      RESULT_VARIABLE _tsc_rc
      OUTPUT_VARIABLE _tsc_out
      ERROR_VARIABLE _tsc_err
      TIMEOUT 300)
    set(_tsc_tgz "${_tsc_root}/tree-sitter-c-${TREE_SITTER_C_VERSION}.tgz")
    if(NOT _tsc_rc EQUAL 0 OR NOT EXISTS "${_tsc_tgz}")
      message(FATAL_ERROR
        "Could not fetch tree-sitter-c@${TREE_SITTER_C_VERSION} with `npm pack` "
        "(is the npm registry reachable?).\nnpm said: ${_tsc_err}${_tsc_out}\n"
        "Alternatively unpack that package yourself and pass "
        "-DTREE_SITTER_C_DIR=<dir holding src/parser.c>.")
    endif()
    execute_process(
      COMMAND "${CMAKE_COMMAND}" -E tar xzf "${_tsc_tgz}"
      WORKING_DIRECTORY "${_tsc_root}"
      RESULT_VARIABLE _tsc_rc)
    if(NOT _tsc_rc EQUAL 0)
      message(FATAL_ERROR "Could not extract ${_tsc_tgz}")
    endif()
    _tsc_verify("${_tsc_dir}" _tsc_ok)
    if(NOT _tsc_ok)
      message(FATAL_ERROR
        "${_tsc_dir}/src/parser.c is missing or is not tree-sitter language "
        "ABI ${_tsc_abi}; the package tree-sitter-c@${TREE_SITTER_C_VERSION} is not what was expected.")
    endif()
  endif()
  set(TREE_SITTER_C_DIR "${_tsc_dir}")
else()
  _tsc_verify("${TREE_SITTER_C_DIR}" _tsc_ok)
  if(NOT _tsc_ok)
    message(FATAL_ERROR "TREE_SITTER_C_DIR=${TREE_SITTER_C_DIR} holds no src/parser.c of language ABI ${_tsc_abi}")
  endif()
endif()
message(STATUS "tree-sitter C grammar: ${TREE_SITTER_C_DIR}")
