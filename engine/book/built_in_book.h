// The default opening book (positions/opening-book.bin) compiled into the program, so that the engine is one
// file that needs nothing beside it: installed, copied to a Windows machine or loaded in a browser, it still
// plays from its book. The bytes are made into a source file when the build is configured.
#pragma once

#include <span>

namespace shuai {

// The name the built-in book goes by in messages and in `bookfiles`.
inline constexpr const char* kBuiltInBookName = "<built-in book>";

std::span<const unsigned char> built_in_book_bytes();

}  // namespace shuai
