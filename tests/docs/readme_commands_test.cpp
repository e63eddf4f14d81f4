// The README's commands stay true: every line of its ```sh blocks names a program, subcommand and options
// that exist (asked with --help, since the commands themselves run for minutes), or a script that exists and
// parses.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "tests/support/program_run.h"

namespace shuai {
namespace {

const std::string kSourceDir = std::string(SHUAI_POSITIONS_DIR) + "/..";

std::string binary_dir() {
  const std::string shuai = SHUAI_BINARY;
  return shuai.substr(0, shuai.rfind('/'));
}

struct Word {
  std::string text;
  bool quoted = false;
};

struct ReadmeCommand {
  int line = 0;
  std::vector<Word> words;
};

// Splits a shell line into words ("..." and '...' are one word); drops a '#' comment outside quotes.
std::vector<Word> shell_words(const std::string& line) {
  std::vector<Word> words;
  Word word;
  bool in_word = false;
  char quote = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote) {
      if (c == quote)
        quote = 0;
      else
        word.text += c;
    } else if (c == '"' || c == '\'') {
      quote = c;
      word.quoted = in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) words.push_back(word);
      word = {};
      in_word = false;
    } else if (c == '#' && !in_word) {
      break;
    } else {
      word.text += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(word);
  return words;
}

// The commands of the README's sh blocks, continuation lines joined.
std::vector<ReadmeCommand> readme_commands() {
  std::ifstream file(kSourceDir + "/README.md");
  REQUIRE(file);
  std::vector<ReadmeCommand> commands;
  std::string line, pending;
  bool in_block = false;
  int pending_line = 0;
  for (int number = 1; std::getline(file, line); ++number) {
    if (line.starts_with("```")) {
      in_block = line == "```sh";
      continue;
    }
    if (!in_block) continue;
    if (pending.empty()) pending_line = number;
    if (line.ends_with("\\")) {
      pending += line.substr(0, line.size() - 1) + " ";
      continue;
    }
    pending += line;
    const auto words = shell_words(pending);
    if (!words.empty()) commands.push_back({pending_line, words});
    pending.clear();
  }
  return commands;
}

using test::ProgramRun;
using test::run_program;

bool is_keyword(const std::string& text) {
  if (text.empty() || text[0] < 'a' || text[0] > 'z') return false;
  for (const char c : text)
    if (!((c >= 'a' && c <= 'z') || c == '-')) return false;
  return true;
}

// How many words after the program name its subcommand takes.
std::size_t subcommand_words(const std::string& program, const std::vector<Word>& words, std::size_t first) {
  const auto word = [&](std::size_t i) { return first + i < words.size() ? words[first + i].text : ""; };
  if (program == "shuai") {
    if (word(0) == "bench") {
      static const std::set<std::string> kBenches = {"perft", "mht", "eval", "smp", "lockless", "tactics"};
      return kBenches.count(word(1)) ? 2 : 1;
    }
    if (word(0) == "book") return 2;
    return word(0).starts_with("-") ? 0 : 1;
  }
  if (program == "shuai-tune" && word(0) == "spsa") return 2;
  if (program == "shuai-tune" || program == "shuai-stats") return word(0).starts_with("-") ? 0 : 1;
  return 0;
}

void check_program(const ReadmeCommand& command, std::size_t first) {
  const std::string path = command.words[first].text;
  const std::string program = path.substr(path.rfind('/') + 1);
  static const std::set<std::string> kPrograms = {"shuai", "shuai-match", "shuai-stats", "shuai-tune"};
  REQUIRE_MESSAGE(kPrograms.count(program), "README line ", command.line, ": unknown program ", path);
  const std::string binary = binary_dir() + "/" + program;
  REQUIRE_MESSAGE(access(binary.c_str(), X_OK) == 0, "README line ", command.line, ": no program ", binary);

  const std::size_t sub = subcommand_words(program, command.words, first + 1);
  std::string help_command = binary;
  for (std::size_t i = 0; i < sub; ++i) help_command += " " + command.words[first + 1 + i].text;
  const ProgramRun help = run_program(help_command + " --help");
  CHECK_MESSAGE(help.exit_code == 0, "README line ", command.line, ": '", help_command,
                " --help' exits with ", help.exit_code, ": ", help.output);

  // Every option the README gives must be one the program names in its help.
  for (std::size_t i = first + 1 + sub; i < command.words.size(); ++i) {
    const Word& word = command.words[i];
    if (word.quoted) continue;
    std::string option = word.text.substr(0, word.text.find('='));
    const bool named = option.starts_with("--") || (program == "shuai" && is_keyword(option));
    if (!named || option == "--help") continue;
    CHECK_MESSAGE(help.output.find(option) != std::string::npos, "README line ", command.line, ": '", option,
                  "' is not in the help of '", help_command, "'");
  }
}

void check_script(const ReadmeCommand& command, const std::string& script) {
  const std::string path = kSourceDir + "/" + script;
  REQUIRE_MESSAGE(access(path.c_str(), R_OK) == 0, "README line ", command.line, ": no script ", script);
  const ProgramRun syntax = run_program("bash -n " + path);
  CHECK_MESSAGE(syntax.exit_code == 0, "README line ", command.line, ": ", script, ": ", syntax.output);
}

void check_cmake(const ReadmeCommand& command, std::size_t first) {
  std::ifstream file(kSourceDir + "/CMakeLists.txt");
  const std::string cmake((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  for (std::size_t i = first + 1; i < command.words.size(); ++i) {
    const std::string& word = command.words[i].text;
    if (!word.starts_with("-DSHUAI_")) continue;
    const std::string name = word.substr(2, word.find('=') - 2);
    CHECK_MESSAGE(cmake.find(name) != std::string::npos, "README line ", command.line, ": ", name,
                  " is not a CMake option of the project");
  }
}

TEST_CASE("every command in the README names programs, subcommands, options and scripts that exist") {
  const auto commands = readme_commands();
  REQUIRE(commands.size() >= 20);
  int programs = 0;
  for (const ReadmeCommand& command : commands) {
    std::size_t first = 0;
    while (first < command.words.size() && command.words[first].text.find('=') != std::string::npos &&
           !command.words[first].text.starts_with("-"))
      ++first;  // VARIABLE=value before the command
    REQUIRE(first < command.words.size());
    const std::string& head = command.words[first].text;
    if (head.starts_with("build/bin/")) {
      check_program(command, first);
      ++programs;
    } else if (head == "bash" && first + 1 < command.words.size()) {
      check_script(command, command.words[first + 1].text);
    } else if (head.ends_with(".sh")) {
      check_script(command, head);
    } else if (head == "cmake" || head == "ctest") {
      check_cmake(command, first);
    } else {
      FAIL_CHECK("README line ", command.line, ": '", head,
                 "' is a command this test does not know how to check");
    }
  }
  CHECK(programs >= 20);
}

TEST_CASE("the README's check catches an option that does not exist") {
  const ProgramRun help = run_program(std::string(SHUAI_BINARY) + " bench mht --help");
  CHECK(help.exit_code == 0);
  CHECK(help.output.find("entries") != std::string::npos);
  CHECK(help.output.find("no-such-option") == std::string::npos);
  const auto words = shell_words("build/bin/shuai rules \"3k5/9 w\" a6a5   # comment \"x\"");
  REQUIRE(words.size() == 4);
  CHECK(words[2].quoted);
  CHECK(words[2].text == "3k5/9 w");
  CHECK(words[3].text == "a6a5");
}

}  // namespace
}  // namespace shuai
