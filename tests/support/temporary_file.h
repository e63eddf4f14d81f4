// A file a test writes: a path in the temporary directory, unique to the process, removed before and after.
#pragma once

#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <string_view>

namespace shuai::test {

struct TemporaryFile {
  std::string path;
  // `name` ends the file name ("roundtrip.book"); the process id keeps parallel test runs apart.
  explicit TemporaryFile(std::string_view name)
      : path((std::filesystem::temp_directory_path() / fmt::format("shuai_test_{}_{}", getpid(), name))
                 .string()) {
    std::filesystem::remove(path);
  }
  ~TemporaryFile() { std::filesystem::remove(path); }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
};

}  // namespace shuai::test
