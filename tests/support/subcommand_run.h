// Running a tool's subcommand in-process, as its program would: the words, the positions folder, and its
// standard output and error captured.
#pragma once

#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace shuai::test {

struct SubcommandRun {
  int code = 0;
  std::string out, error;
};

// A subcommand's entry point, as shuai-tune calls them.
using SubcommandEntry = int (*)(std::span<const std::string_view>, const std::string&, std::FILE*,
                                std::FILE*);

inline std::string read_whole_stream(std::FILE* file) {
  std::string text;
  std::rewind(file);
  for (int c; (c = std::fgetc(file)) != EOF;) text += char(c);
  std::fclose(file);
  return text;
}

inline SubcommandRun run_subcommand(SubcommandEntry entry, const std::vector<std::string>& words) {
  const std::vector<std::string_view> arguments(words.begin(), words.end());
  std::FILE* out = std::tmpfile();
  std::FILE* error = std::tmpfile();
  SubcommandRun run;
  run.code = entry(arguments, SHUAI_POSITIONS_DIR, out, error);
  run.out = read_whole_stream(out);
  run.error = read_whole_stream(error);
  return run;
}

}  // namespace shuai::test
