// Texel's tuning method with Adam and analytic gradients.
#include "tools/tune/fit.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <limits>
#include <numeric>
#include <random>
#include <thread>

#include <fmt/format.h>

#include "engine/command_line/command_options.h"
#include "eval/parameter_file.h"
#include "tools/common/work_queue.h"

namespace shuai::tune {

namespace {

double sigmoid(double x) {
  return 1.0 / (1.0 + std::exp(-x));
}

// Runs work(first, last) on `threads` slices of [0, count) at once and waits.
template <class Work>
void in_slices(std::size_t count, int threads, Work&& work) {
  if (threads <= 1 || count < 4096) {
    work(std::size_t(0), count, 0);
    return;
  }
  tools::run_workers(threads, [&](int t) {
    work(count * std::size_t(t) / threads, count * std::size_t(t + 1) / threads, t);
  });
}

// Which of the `count` fitted parameters `--only`'s name prefixes choose (all, when there are none).
std::vector<bool> chosen_parameters(const std::vector<std::string>& only, std::size_t count) {
  std::vector<bool> chosen(count, only.empty());
  for (std::size_t p = 0; p < count && !only.empty(); ++p)
    for (const std::string& prefix : only)
      if (fitted_parameter_name(int(p)).starts_with(prefix)) chosen[p] = true;
  return chosen;
}

constexpr int kMaxInt = std::numeric_limits<int>::max();
constexpr double kMaxDouble = std::numeric_limits<double>::max();
// The smallest value a "greater than zero" option takes.
constexpr double kPositive = std::numeric_limits<double>::denorm_min();

}  // namespace

namespace {

constexpr CommandText kFitCommand = {
    "fit", "shuai-tune fit DATA... [options]",
    R"(Fits the evaluation's parameters (eval/parameters.h) to the results of the games in the training files DATA
(written by `shuai-tune generate`; shards may be given one by one or concatenated: a position met twice counts
once). Every position is evaluated once as a linear form of the parameters; the logistic scale K of
sigmoid(K * evaluation) is fitted first, then all fitted parameters by Adam over shuffled mini-batches,
minimising the mean squared error against the results. A fixed share of the positions (chosen by their hash
key) is held out and its loss printed after every epoch; the parameters written are those of the epoch with
the lowest validation loss.)"};

// The options of `fit`, read into `options`.
std::vector<CommandOption> option_table(FitOptions& options) {
  return {
      {"--start", "FILE", "start from this parameter file (default: the built-in values)",
       &options.start_path},
      {"--out", "FILE", "write the fitted parameters as a parameter file", &options.out_path},
      {"--source", "FILE", "also write them as C++ source (for eval/default_parameters.cpp)",
       &options.source_path},
      {"--epochs", "N", "passes over the training part", &options.epochs, 0, kMaxInt},
      {"--batch", "N", "positions per Adam step", &options.batch_size, 1, kMaxInt},
      {"--rate", "X", "Adam's step size in evaluation units", &options.learning_rate, kPositive, kMaxDouble},
      {"--validation", "X", "share held out for validation", &options.validation_share, 0.0,
       std::nextafter(1.0, 0.0)},
      {"--scale", "K", "use this K instead of fitting it", &options.scale, kPositive, kMaxDouble},
      {"--regularization", "L", "add L * (w - w0)^2 per parameter to the loss, w0 its start value",
       &options.regularization, 0.0, kMaxDouble},
      {"--only", "A,B,...",
       "fit only the parameters named by these prefixes (danger_,shape_); the others keep their start values",
       ValueReader([&options](std::string_view value) -> std::optional<std::string> {
         options.only.clear();
         for (std::size_t start = 0; start <= value.size();) {
           const std::size_t comma = std::min(value.find(',', start), value.size());
           if (comma > start) options.only.emplace_back(value.substr(start, comma - start));
           start = comma + 1;
         }
         const std::vector<bool> chosen =
             chosen_parameters(options.only, std::size_t(fitted_parameter_count()));
         if (std::find(chosen.begin(), chosen.end(), true) == chosen.end())
           return "prefixes of fitted parameters' names";
         return std::nullopt;
       })},
      {"--threads", "N", "threads, one per processor unless given", &options.threads, 1, 256},
      {"--seed", "S", "the order of the mini-batches", &options.seed, 0, double(UINT64_MAX)},
  };
}

}  // namespace

std::string fit_usage_text() {
  FitOptions options;
  options.threads = int(std::max(1u, std::thread::hardware_concurrency()));
  return command_usage(kFitCommand, option_table(options));
}

std::variant<FitOptions, std::string> parse_fit_options(std::span<const std::string_view> arguments) {
  FitOptions options;
  options.threads = int(std::max(1u, std::thread::hardware_concurrency()));
  if (auto error = parse_command_options(kFitCommand, option_table(options), arguments, options.help,
                                         &options.data_paths))
    return *error;
  if (options.data_paths.empty() && !options.help) return "fit: no training file given (try --help)";
  return options;
}

double mean_loss(const LinearPositions& positions, const std::vector<double>& parameters, double scale,
                 int threads) {
  std::vector<double> sums(std::size_t(std::max(threads, 1)), 0.0);
  in_slices(positions.size(), threads, [&](std::size_t first, std::size_t last, int t) {
    double sum = 0;
    for (std::size_t i = first; i < last; ++i) {
      const double error = positions.red_score[i] - sigmoid(scale * positions.evaluate(i, parameters));
      sum += error * error;
    }
    sums[std::size_t(t)] = sum;
  });
  return positions.size() ? std::accumulate(sums.begin(), sums.end(), 0.0) / double(positions.size()) : 0.0;
}

double fit_scale(const LinearPositions& positions, const std::vector<double>& parameters, int threads) {
  // The loss is unimodal in K: a golden-section search over log K.
  double low = std::log(1e-4), high = std::log(1e-1);
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  for (int step = 0; step < 40; ++step) {
    const double a = high - ratio * (high - low), b = low + ratio * (high - low);
    if (mean_loss(positions, parameters, std::exp(a), threads) <
        mean_loss(positions, parameters, std::exp(b), threads))
      high = b;
    else
      low = a;
  }
  return std::exp((low + high) / 2);
}

std::vector<double> loss_gradient(const LinearPositions& positions, std::span<const std::uint32_t> indices,
                                  const std::vector<double>& parameters, double scale, int threads) {
  const std::size_t count = parameters.size();
  const int used_threads = std::max(1, threads);
  std::vector<std::vector<double>> partial(std::size_t(used_threads), std::vector<double>(count, 0.0));
  in_slices(indices.size(), used_threads, [&](std::size_t first, std::size_t last, int t) {
    std::vector<double>& gradient = partial[std::size_t(t)];
    for (std::size_t k = first; k < last; ++k) {
      const std::uint32_t i = indices[k];
      const double predicted = sigmoid(scale * positions.evaluate(i, parameters));
      // d/dw (r - p)^2 = -2 (r - p) p (1 - p) K x
      const double factor = -2.0 * (positions.red_score[i] - predicted) * predicted * (1 - predicted) * scale;
      positions.add_gradient(i, parameters, factor, gradient);
    }
  });
  std::vector<double> gradient(count, 0.0);
  for (const auto& part : partial)
    for (std::size_t p = 0; p < count; ++p) gradient[p] += part[p];
  if (!indices.empty())
    for (double& g : gradient) g /= double(indices.size());
  return gradient;
}

void fit_parameters(const TrainingSet& set, std::vector<double>& parameters, double scale,
                    const FitOptions& options, const std::function<void(const EpochReport&)>& report) {
  const LinearPositions& training = set.training;
  const std::size_t count = parameters.size();
  std::vector<double> first_moment(count, 0.0), second_moment(count, 0.0);
  std::vector<std::uint32_t> order(training.size());
  std::iota(order.begin(), order.end(), 0u);
  std::mt19937_64 random(options.seed);
  constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-8;
  std::uint64_t steps = 0;
  const std::vector<double> start_values = parameters;
  const std::vector<bool> fitted = chosen_parameters(options.only, count);
  std::vector<double> best = parameters;
  double best_validation = mean_loss(set.validation, parameters, scale, options.threads);
  for (int epoch = 1; epoch <= options.epochs; ++epoch) {
    const auto start = std::chrono::steady_clock::now();
    std::shuffle(order.begin(), order.end(), random);
    for (std::size_t batch = 0; batch < order.size(); batch += std::size_t(options.batch_size)) {
      const std::size_t size = std::min(order.size() - batch, std::size_t(options.batch_size));
      const std::vector<double> gradient =
          loss_gradient(training, std::span(order).subspan(batch, size), parameters, scale, options.threads);
      ++steps;
      const double correction1 = 1 - std::pow(kBeta1, double(steps));
      const double correction2 = 1 - std::pow(kBeta2, double(steps));
      for (std::size_t p = 0; p < count; ++p) {
        if (!fitted[p]) continue;
        // The pull toward the start: a parameter that few positions read stays near its old value.
        const double g = gradient[p] + 2 * options.regularization * (parameters[p] - start_values[p]);
        first_moment[p] = kBeta1 * first_moment[p] + (1 - kBeta1) * g;
        second_moment[p] = kBeta2 * second_moment[p] + (1 - kBeta2) * g * g;
        parameters[p] -= options.learning_rate * (first_moment[p] / correction1) /
                         (std::sqrt(second_moment[p] / correction2) + kEpsilon);
      }
    }
    EpochReport epoch_report;
    epoch_report.epoch = epoch;
    epoch_report.training_loss = mean_loss(training, parameters, scale, options.threads);
    epoch_report.validation_loss = mean_loss(set.validation, parameters, scale, options.threads);
    epoch_report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    epoch_report.best = set.validation.size() == 0 || epoch_report.validation_loss < best_validation;
    if (epoch_report.best) {
      best_validation = epoch_report.validation_loss;
      best = parameters;
    }
    report(epoch_report);
  }
  // Past the epoch the held-out positions liked best, the fit only learns the training part by heart.
  parameters = best;
}

int run_fit(std::span<const std::string_view> arguments, const std::string&, std::FILE* out,
            std::FILE* error) {
  const auto parsed = parse_fit_options(arguments);
  if (const auto* message = std::get_if<std::string>(&parsed)) {
    fmt::print(error, "{}\n", *message);
    return 2;
  }
  const FitOptions& options = std::get<FitOptions>(parsed);
  if (options.help) {
    fmt::print(out, "{}", fit_usage_text());
    return 0;
  }
  EvaluationParameters start = default_parameters();
  if (!options.start_path.empty())
    if (const auto message = load_parameters(options.start_path, start)) {
      fmt::print(error, "fit: {}\n", *message);
      return 2;
    }

  const auto begin = std::chrono::steady_clock::now();
  const SymbolicTables tables = make_symbolic_tables(start);
  auto read = read_training_set(options.data_paths, tables, options.validation_share);
  if (const auto* message = std::get_if<std::string>(&read)) {
    fmt::print(error, "fit: {}\n", *message);
    return 2;
  }
  const TrainingSet& set = std::get<TrainingSet>(read);
  if (set.training.size() == 0) {
    fmt::print(error, "fit: the training files hold no position to learn from\n");
    return 2;
  }
  std::vector<double> parameters = fitted_values(start);
  fmt::print(out, "positions: {} training, {} validation ({} lines, {} duplicates, {} in check skipped)\n",
             set.training.size(), set.validation.size(), set.lines, set.duplicates, set.in_check);
  const std::vector<bool> chosen = chosen_parameters(options.only, parameters.size());
  const auto fitted_count = std::count(chosen.begin(), chosen.end(), true);
  fmt::print(out, "parameters fitted: {} of {}\n", fitted_count, parameters.size());
  const double scale =
      options.scale > 0 ? options.scale : fit_scale(set.training, parameters, options.threads);
  fmt::print(out, "scale K: {:.6f}{}\n", scale, options.scale > 0 ? " (given)" : " (fitted)");
  const double start_validation = mean_loss(set.validation, parameters, scale, options.threads);
  fmt::print(out, "start: training loss {:.6f}, validation loss {:.6f}\n",
             mean_loss(set.training, parameters, scale, options.threads), start_validation);
  std::fflush(out);

  fit_parameters(set, parameters, scale, options, [&](const EpochReport& report) {
    fmt::print(out, "epoch {:3}: training loss {:.6f}, validation loss {:.6f}  ({:.1f} s){}\n", report.epoch,
               report.training_loss, report.validation_loss, report.seconds,
               report.best ? "" : "  (not kept)");
    std::fflush(out);
  });

  EvaluationParameters fitted = start;
  set_fitted_values(fitted, parameters);
  const std::vector<double> rounded = fitted_values(fitted);
  fmt::print(out, "rounded: training loss {:.6f}, validation loss {:.6f} (start {:.6f})\n",
             mean_loss(set.training, rounded, scale, options.threads),
             mean_loss(set.validation, rounded, scale, options.threads), start_validation);

  // The largest moves, for the reviewer.
  const std::vector<double> before = fitted_values(start);
  std::vector<int> moved(rounded.size());
  std::iota(moved.begin(), moved.end(), 0);
  std::sort(moved.begin(), moved.end(), [&](int a, int b) {
    return std::abs(rounded[std::size_t(a)] - before[std::size_t(a)]) >
           std::abs(rounded[std::size_t(b)] - before[std::size_t(b)]);
  });
  fmt::print(out, "largest changes:");
  for (std::size_t i = 0; i < std::min<std::size_t>(12, moved.size()); ++i)
    fmt::print(out, " {} {:+}", fitted_parameter_name(moved[i]),
               int(rounded[std::size_t(moved[i])] - before[std::size_t(moved[i])]));
  fmt::print(out, "\n");

  const auto write = [&](const std::string& path, const std::string& text) {
    std::ofstream file(path);
    file << text;
    return bool(file.flush());
  };
  if (!write(options.out_path, parameters_to_text(fitted))) {
    fmt::print(error, "fit: cannot write '{}'\n", options.out_path);
    return 1;
  }
  fmt::print(out, "wrote {}\n", options.out_path);
  if (!options.source_path.empty()) {
    if (!write(options.source_path, parameters_to_source(fitted))) {
      fmt::print(error, "fit: cannot write '{}'\n", options.source_path);
      return 1;
    }
    fmt::print(out, "wrote {}\n", options.source_path);
  }
  fmt::print(out, "time: {:.0f} s\n",
             std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
  return 0;
}

}  // namespace shuai::tune
