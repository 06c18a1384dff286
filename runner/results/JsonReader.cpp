//===- JsonReader.cpp - Checked reading of JSON files ---------------------===//

#include "runner/results/JsonReader.h"
#include "runner/results/Files.h"
#include "runner/results/Status.h"

namespace mlir::loom {

namespace {
/// Finds where JSON text stops being valid (the DOM parser, without
/// exceptions, only says that it is not).
struct ErrorFinder : nlohmann::json_sax<nlohmann::ordered_json> {
  size_t position = 0;
  std::string message;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t &) override { return true; }
  bool string(string_t &) override { return true; }
  bool binary(binary_t &) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t &) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t at, const std::string &,
                   const nlohmann::detail::exception &error) override {
    position = at;
    message = error.what();
    return false;
  }
};
} // namespace

llvm::Expected<nlohmann::ordered_json> parseJson(llvm::StringRef text,
                                                 llvm::StringRef what) {
  nlohmann::ordered_json root = nlohmann::ordered_json::parse(
      text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (!root.is_discarded())
    return root;
  ErrorFinder finder;
  nlohmann::ordered_json::sax_parse(text.begin(), text.end(), &finder);
  size_t offset =
      std::min(finder.position ? finder.position - 1 : 0, text.size());
  llvm::StringRef before = text.take_front(offset);
  size_t line = before.count('\n') + 1;
  size_t column = offset - (before.rfind('\n') + 1) + 1;
  // "[json.exception.parse_error.101] parse error at line 3, column 5: x"
  llvm::StringRef reason = finder.message;
  if (size_t colon = reason.find(": "); colon != llvm::StringRef::npos)
    reason = reason.drop_front(colon + 2);
  return makeError(ExitCode::InvalidInput, what + ":" + llvm::Twine(line) +
                                               ":" + llvm::Twine(column) +
                                               ": not valid JSON: " + reason);
}

llvm::Expected<nlohmann::ordered_json> readJsonFile(llvm::StringRef path,
                                                    llvm::StringRef what) {
  auto text = readTextFile(path, what);
  if (!text)
    return text.takeError();
  return parseJson(*text, path);
}

} // namespace mlir::loom
