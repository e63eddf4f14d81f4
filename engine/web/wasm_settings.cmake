# Settings of the WebAssembly build (emcmake cmake; the browser page in tools/web and its README section).
# Included by the top CMakeLists.txt in place of the native packages.

shuai_use_header_only_fmt(wasm)  # fmt from a folder that holds only its headers (CMakeLists.txt)

# Threads (shared memory and Web Workers): the engine's search and its reading of commands while it thinks.
# A page served without cross-origin isolation has no shared memory: for it, SHUAI_WEB_THREADS=OFF builds
# shuai-single.js, one thread. With -pthread, C++ exceptions work only in emscripten's JavaScript-based form.
option(SHUAI_WEB_THREADS "Build the wasm engine with threads (the page needs cross-origin isolation)" ON)
add_compile_options(-fexceptions)
add_link_options(-fexceptions)
if(SHUAI_WEB_THREADS)
  add_compile_options(-pthread)
  add_link_options(-pthread)
  set(THREADS_PREFER_PTHREAD_FLAG ON)
endif()
find_package(Threads REQUIRED)
