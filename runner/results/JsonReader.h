//===- JsonReader.h - Checked reading of JSON files -------------*- C++ -*-===//
//
// Loom is built without exceptions, so every access to parsed JSON is
// checked. JsonReader reads typed fields and remembers the first problem with
// its JSON path ("suite.benchmarks[2].threads must be an integer"), which is
// what a user needs to fix a hand-written file.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_RESULTS_JSONREADER_H
#define LOOM_RUNNER_RESULTS_JSONREADER_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace mlir::loom {

/// Reads typed fields and remembers the first problem, with its JSON path.
class JsonReader {
public:
  using json = nlohmann::ordered_json;

  std::string error;

  const json *field(const json &object, const std::string &path,
                    const char *key, bool required) {
    if (!object.is_object()) {
      fail(path, "must be an object");
      return nullptr;
    }
    auto it = object.find(key);
    if (it == object.end() || it->is_null()) {
      if (required)
        fail(path + "." + key, "is missing");
      return nullptr;
    }
    return &*it;
  }

  void fail(const std::string &path, const std::string &what) {
    if (error.empty())
      error = path + " " + what;
  }

  void read(const json &object, const std::string &path, const char *key,
            std::string &out, bool required = true) {
    if (const json *value = field(object, path, key, required)) {
      if (value->is_string())
        out = value->get<std::string>();
      else
        fail(path + "." + key, "must be a string");
    }
  }

  void read(const json &object, const std::string &path, const char *key,
            bool &out, bool required = true) {
    if (const json *value = field(object, path, key, required)) {
      if (value->is_boolean())
        out = value->get<bool>();
      else
        fail(path + "." + key, "must be a boolean");
    }
  }

  template <typename T>
  std::enable_if_t<std::is_arithmetic_v<T>>
  read(const json &object, const std::string &path, const char *key, T &out,
       bool required = true) {
    const json *value = field(object, path, key, required);
    if (!value)
      return;
    if (std::is_integral_v<T> ? !value->is_number_integer()
                              : !value->is_number()) {
      fail(path + "." + key,
           std::is_integral_v<T> ? "must be an integer" : "must be a number");
      return;
    }
    out = value->get<T>();
  }

  template <typename T>
  void read(const json &object, const std::string &path, const char *key,
            std::optional<T> &out) {
    if (!field(object, path, key, /*required=*/false))
      return;
    T value{};
    read(object, path, key, value);
    out = value;
  }

  /// Numbers that may have been written as null (NaN, infinities).
  void readNumberOrNaN(const json &object, const std::string &path,
                       const char *key, double &out) {
    out = std::nan("");
    read(object, path, key, out, /*required=*/false);
  }

  template <typename T>
  void read(const json &object, const std::string &path, const char *key,
            std::vector<T> &out, bool required = true) {
    const json *value = field(object, path, key, required);
    if (!value)
      return;
    if (!value->is_array()) {
      fail(path + "." + key, "must be an array");
      return;
    }
    out.clear();
    for (auto [i, element] : llvm::enumerate(*value)) {
      bool good;
      if constexpr (std::is_same_v<T, std::string>)
        good = element.is_string();
      else if constexpr (std::is_integral_v<T>)
        good = element.is_number_integer();
      else
        good = element.is_number();
      if (!good) {
        fail(path + "." + key + "[" + std::to_string(i) + "]",
             "has the wrong type");
        return;
      }
      out.push_back(element.template get<T>());
    }
  }

  /// Calls `fn(element, elementPath)` for each element of the array
  /// `object[key]` (none when it is absent and not `required`).
  void forEach(const json &object, const std::string &path, const char *key,
               llvm::function_ref<void(const json &, const std::string &)> fn,
               bool required = true) {
    const json *array = field(object, path, key, required);
    if (!array)
      return;
    std::string here = path + "." + key;
    if (!array->is_array()) {
      fail(here, "must be an array");
      return;
    }
    for (auto [i, element] : llvm::enumerate(*array))
      fn(element, here + "[" + std::to_string(i) + "]");
  }

  /// Fails on the first key of `object` that is neither in `known` nor in
  /// `alsoAccepted` (old spellings, not listed in the message).
  void checkKeys(const json &object, const std::string &path,
                 ArrayRef<llvm::StringRef> known,
                 ArrayRef<llvm::StringRef> alsoAccepted = {}) {
    if (!object.is_object()) {
      fail(path, "must be an object");
      return;
    }
    for (auto it = object.begin(); it != object.end(); ++it)
      if (!llvm::is_contained(known, it.key()) &&
          !llvm::is_contained(alsoAccepted, it.key())) {
        std::string list;
        for (llvm::StringRef key : known)
          list += (list.empty() ? "" : ", ") + key.str();
        fail(path,
             "has an unknown key '" + it.key() + "' (known: " + list + ")");
        return;
      }
  }
};

/// Parses JSON text; fails with InvalidInput naming `what` ("the suite") and
/// the position of the syntax error.
llvm::Expected<nlohmann::ordered_json> parseJson(llvm::StringRef text,
                                                 llvm::StringRef what);
/// Reads and parses a JSON file.
llvm::Expected<nlohmann::ordered_json> readJsonFile(llvm::StringRef path,
                                                    llvm::StringRef what);

} // namespace mlir::loom

#endif // LOOM_RUNNER_RESULTS_JSONREADER_H
