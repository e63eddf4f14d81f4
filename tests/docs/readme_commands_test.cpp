// The manual stays true and readable: README.md and every page in docs/ (found by listing the folder, so a
// new page is covered without editing this test). Every line of their ```sh blocks names a program,
// subcommand and options that exist (asked with --help, since the commands themselves run for minutes), a
// script that exists and parses, or a cmake/ctest line with the project's options. The README stays a front
// door of at most 250 lines; no line outside a fenced code block or a table is longer than 120 characters
// (code points: the pages hold Chinese text); and no line names an issue number, since the documents speak of
// the project, not of its tracker. Failures name the file and line ("docs/matches.md line 12: ...").
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/program_run.h"

namespace shuai {
namespace {

const std::string kSourceDir = std::string(SHUAI_POSITIONS_DIR) + "/..";
constexpr std::size_t kMaxReadmeLines = 250;
constexpr std::size_t kMaxLineCharacters = 120;

std::string binary_dir() {
  const std::string shuai = SHUAI_BINARY;
  return shuai.substr(0, shuai.rfind('/'));
}

// One Markdown file of the manual: its name as the messages give it ("README.md", "docs/matches.md") and its
// lines.
struct Document {
  std::string name;
  std::vector<std::string> lines;
};

Document read_document(const std::string& name) {
  std::ifstream file(kSourceDir + "/" + name);
  REQUIRE_MESSAGE(file, "cannot read ", name);
  Document document{name, {}};
  for (std::string line; std::getline(file, line);) document.lines.push_back(line);
  return document;
}

// README.md first, then every docs/*.md in name order, so that failures come out in the same order each run.
std::vector<Document> manual_documents() {
  std::vector<Document> documents = {read_document("README.md")};
  const std::filesystem::path docs = kSourceDir + "/docs";
  REQUIRE_MESSAGE(std::filesystem::is_directory(docs), "no docs folder at ", docs.string());
  std::vector<std::string> pages;
  for (const auto& entry : std::filesystem::directory_iterator(docs))
    if (entry.is_regular_file() && entry.path().extension() == ".md")
      pages.push_back("docs/" + entry.path().filename().string());
  std::sort(pages.begin(), pages.end());
  for (const std::string& page : pages) documents.push_back(read_document(page));
  return documents;
}

// Whether a line opens or closes a fenced code block; `info` gets what follows the fence ("sh" for ```sh). A
// fence may be indented, inside a list item.
bool is_fence(const std::string& line, std::string* info = nullptr) {
  const std::size_t start = line.find_first_not_of(' ');
  if (start == std::string::npos || line.compare(start, 3, "```") != 0) return false;
  if (info) *info = line.substr(start + 3);
  return true;
}

struct Word {
  std::string text;
  bool quoted = false;
};

struct DocumentCommand {
  std::string place;  // "docs/matches.md line 12": where a message points
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

// The commands of a document's sh blocks, continuation lines joined; each is placed at its first line.
std::vector<DocumentCommand> sh_block_commands(const Document& document) {
  std::vector<DocumentCommand> commands;
  std::string pending, info;
  bool in_block = false;
  std::size_t pending_line = 0;
  for (std::size_t index = 0; index < document.lines.size(); ++index) {
    const std::string& line = document.lines[index];
    if (is_fence(line, &info)) {
      in_block = !in_block && info == "sh";
      continue;
    }
    if (!in_block) continue;
    if (pending.empty()) pending_line = index + 1;
    if (line.ends_with("\\")) {
      pending += line.substr(0, line.size() - 1) + " ";
      continue;
    }
    pending += line;
    const auto words = shell_words(pending);
    if (!words.empty()) commands.push_back({document.name + " line " + std::to_string(pending_line), words});
    pending.clear();
  }
  return commands;
}

// Characters as a reader counts them: UTF-8 code points, so that a line of Chinese notation is not held to
// three times its width.
std::size_t code_points(const std::string& text) {
  return std::count_if(text.begin(), text.end(),
                       [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
}

// The lines of prose longer than kMaxLineCharacters: code blocks and table lines may run long, since
// rewrapping them would change a command or break the table.
std::vector<std::string> overlong_lines(const Document& document) {
  std::vector<std::string> problems;
  bool in_code = false;
  for (std::size_t index = 0; index < document.lines.size(); ++index) {
    const std::string& line = document.lines[index];
    if (is_fence(line)) {
      in_code = !in_code;
      continue;
    }
    if (in_code || line.starts_with("|")) continue;
    const std::size_t length = code_points(line);
    if (length > kMaxLineCharacters)
      problems.push_back(document.name + " line " + std::to_string(index + 1) + ": " +
                         std::to_string(length) + " characters, more than " +
                         std::to_string(kMaxLineCharacters));
  }
  return problems;
}

// The lines that name an issue number ("issue 35", "Issue-16", "issue #7", "issues 35 and 36"), code blocks
// and tables included: a measure is named by what it measured and at which commit, which stays meaningful
// without the tracker.
std::vector<std::string> issue_numbers(const Document& document) {
  static const std::regex kIssueNumber("issues?[ #-]*[0-9]+", std::regex::icase);
  std::vector<std::string> problems;
  for (std::size_t index = 0; index < document.lines.size(); ++index) {
    std::smatch match;
    if (std::regex_search(document.lines[index], match, kIssueNumber))
      problems.push_back(document.name + " line " + std::to_string(index + 1) + ": '" + match.str() +
                         "' names an issue number");
  }
  return problems;
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

void check_program(const DocumentCommand& command, std::size_t first) {
  const std::string path = command.words[first].text;
  const std::string program = path.substr(path.rfind('/') + 1);
  static const std::set<std::string> kPrograms = {"shuai", "shuai-match", "shuai-stats", "shuai-tune"};
  REQUIRE_MESSAGE(kPrograms.count(program), command.place, ": unknown program ", path);
  const std::string binary = binary_dir() + "/" + program;
  REQUIRE_MESSAGE(access(binary.c_str(), X_OK) == 0, command.place, ": no program ", binary);

  const std::size_t sub = subcommand_words(program, command.words, first + 1);
  std::string help_command = binary;
  for (std::size_t i = 0; i < sub; ++i) help_command += " " + command.words[first + 1 + i].text;
  const ProgramRun help = run_program(help_command + " --help");
  CHECK_MESSAGE(help.exit_code == 0, command.place, ": '", help_command, " --help' exits with ",
                help.exit_code, ": ", help.output);

  // Every option the page gives must be one the program names in its help.
  for (std::size_t i = first + 1 + sub; i < command.words.size(); ++i) {
    const Word& word = command.words[i];
    if (word.quoted) continue;
    std::string option = word.text.substr(0, word.text.find('='));
    const bool named = option.starts_with("--") || (program == "shuai" && is_keyword(option));
    if (!named || option == "--help") continue;
    CHECK_MESSAGE(help.output.find(option) != std::string::npos, command.place, ": '", option,
                  "' is not in the help of '", help_command, "'");
  }
}

void check_script(const DocumentCommand& command, const std::string& script) {
  const std::string path = kSourceDir + "/" + script;
  REQUIRE_MESSAGE(access(path.c_str(), R_OK) == 0, command.place, ": no script ", script);
  const ProgramRun syntax = run_program("bash -n " + path);
  CHECK_MESSAGE(syntax.exit_code == 0, command.place, ": ", script, ": ", syntax.output);
}

void check_cmake(const DocumentCommand& command, std::size_t first) {
  std::ifstream file(kSourceDir + "/CMakeLists.txt");
  const std::string cmake((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  for (std::size_t i = first + 1; i < command.words.size(); ++i) {
    const std::string& word = command.words[i].text;
    if (!word.starts_with("-DSHUAI_")) continue;
    const std::string name = word.substr(2, word.find('=') - 2);
    CHECK_MESSAGE(cmake.find(name) != std::string::npos, command.place, ": ", name,
                  " is not a CMake option of the project");
  }
}

// Test names hold no ',' or ';': CTest and doctest filters split on them (tests/CMakeLists.txt).
TEST_CASE("every command in the README and the docs names programs and options and scripts that exist") {
  std::vector<DocumentCommand> commands;
  for (const Document& document : manual_documents())
    for (DocumentCommand& command : sh_block_commands(document)) commands.push_back(std::move(command));
  REQUIRE(commands.size() >= 20);
  int programs = 0;
  for (const DocumentCommand& command : commands) {
    std::size_t first = 0;
    while (first < command.words.size() && command.words[first].text.find('=') != std::string::npos &&
           !command.words[first].text.starts_with("-"))
      ++first;  // VARIABLE=value before the command
    REQUIRE_MESSAGE(first < command.words.size(), command.place, ": only variable settings, no command");
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
      FAIL_CHECK(command.place, ": '", head, "' is a command this test does not know how to check");
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
  // The commands are read from sh blocks only, placed at their first line, continuation lines joined.
  const Document page{
      "docs/page.md",
      {"```", "not/a/command", "```", "  ```sh", "build/bin/shuai bench \\", "  mht", "  ```"}};
  const auto commands = sh_block_commands(page);
  REQUIRE(commands.size() == 1);
  CHECK(commands[0].place == "docs/page.md line 5");
  CHECK(commands[0].words.size() == 3);
}

TEST_CASE("the README has at most 250 lines and no page has a prose line over 120 characters") {
  const auto documents = manual_documents();
  REQUIRE(documents.size() >= 2);  // the README and at least one page
  CHECK_MESSAGE(documents.front().lines.size() <= kMaxReadmeLines, "README.md has ",
                documents.front().lines.size(), " lines, more than ", kMaxReadmeLines);
  for (const Document& document : documents)
    for (const std::string& problem : overlong_lines(document)) FAIL_CHECK(problem);
}

TEST_CASE("no line of the README or the docs names an issue number") {
  for (const Document& document : manual_documents())
    for (const std::string& problem : issue_numbers(document)) FAIL_CHECK(problem);
}

TEST_CASE("the line-length and issue-number checks catch what they are for") {
  const std::string chinese_120 = [] {
    std::string line;
    for (int i = 0; i < 120; ++i) line += "炮";  // 120 characters, 360 bytes: within the limit
    return line;
  }();
  const Document page{"docs/page.md",
                      {"# A page", std::string(121, 'x'), std::string(120, 'x'), chinese_120, "```",
                       std::string(200, 'y'), "```", "| " + std::string(200, 'z') + " |", "  ```sh",
                       std::string(200, 'w'), "  ```", std::string(130, 'v')}};
  const auto long_lines = overlong_lines(page);
  REQUIRE(long_lines.size() == 2);
  CHECK(long_lines[0] == "docs/page.md line 2: 121 characters, more than 120");
  CHECK(long_lines[1].starts_with("docs/page.md line 12: "));

  const Document notes{"README.md",
                       {"the Issue 35 measure", "the issue-16 file", "see issue #7", "issues 35 and 36",
                        "an issue tracker", "issue number", "the 36 tissues"}};
  const auto numbers = issue_numbers(notes);
  REQUIRE(numbers.size() == 4);
  CHECK(numbers[0] == "README.md line 1: 'Issue 35' names an issue number");
  CHECK(numbers[1].starts_with("README.md line 2: "));
  CHECK(numbers[2].starts_with("README.md line 3: "));
  CHECK(numbers[3].starts_with("README.md line 4: "));
}

}  // namespace
}  // namespace shuai
