// `shuai-tune fit`: fits the evaluation's parameters to game results (Texel's method): the logistic scale K
// first, then every fitted parameter by Adam over mini-batches, with the analytic gradient the linear forms
// give; a held-out validation part's loss is printed each epoch.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "tools/tune/training_set.h"

namespace shuai::tune {

struct FitOptions {
  std::vector<std::string> data_paths;  // training files (required)
  std::string start_path;               // a parameter file to start from; empty: the built-in values
  std::string out_path = "tuned-parameters.txt";
  std::string source_path;  // also write the values as source (eval/default_parameters.cpp)
  int epochs = 30;
  int batch_size = 16384;
  double learning_rate = 0.5;  // Adam's step, in evaluation units (a horse is about 100)
  double validation_share = 0.1;
  double scale = 0;  // the logistic scale K; 0: fitted
  // Weight of the pull toward the start values, per parameter: L * (w - w0)^2 is added to the loss.
  double regularization = 1e-9;
  // Fit only the parameters whose names start with one of these (empty: all); the others keep their start
  // values, e.g. new terms fitted on top of weights already tuned.
  std::vector<std::string> only;
  int threads = 1;
  std::uint64_t seed = 1;  // the order of the mini-batches
  bool help = false;
};

std::variant<FitOptions, std::string> parse_fit_options(std::span<const std::string_view> arguments);
std::string fit_usage_text();

// The mean squared error between the results and sigmoid(K * evaluation).
double mean_loss(const LinearPositions& positions, const std::vector<double>& parameters, double scale,
                 int threads);
// The K that minimises the loss at these parameters.
double fit_scale(const LinearPositions& positions, const std::vector<double>& parameters, int threads);

// The loss's gradient over the positions `indices` names, averaged, one entry per fitted parameter.
std::vector<double> loss_gradient(const LinearPositions& positions, std::span<const std::uint32_t> indices,
                                  const std::vector<double>& parameters, double scale, int threads);

struct EpochReport {
  int epoch = 0;
  double training_loss = 0, validation_loss = 0, seconds = 0;
  bool best = false;  // the lowest validation loss so far: these are the parameters kept
};

// Runs Adam for options.epochs epochs from `parameters`, calls report after each epoch, and leaves in
// `parameters` those of the epoch with the lowest validation loss (the start, if none was lower).
void fit_parameters(const TrainingSet& set, std::vector<double>& parameters, double scale,
                    const FitOptions& options, const std::function<void(const EpochReport&)>& report);

// The subcommand: the arguments after `fit`. Exit code 0; 1 on a failure while writing; 2 on bad arguments
// or input (one line on `error`).
int run_fit(std::span<const std::string_view> arguments, const std::string& positions_directory,
            std::FILE* out, std::FILE* error);

}  // namespace shuai::tune
