// Calibration: Levenberg-Marquardt on log-parameters within bounds (Nocedal & Wright 2006,
// section 10.3; Marquardt's diagonal scaling), forward-difference Jacobian, and an
// identifiability check on the Jacobian's columns (elasticities of each run's response time).

#include "measure/calibrate.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "units/units.h"

namespace raidadv::measure {
namespace {

using Matrix = std::vector<std::vector<double>>;

/// Residual of a saturated prediction: as if 100 times the measured response (derived: keeps the
/// fit away from parameters under which a measured run could not have completed).
constexpr double kSaturatedResidual = 4.605170185988091;  // ln(100)

/// Columns whose normalized remainder after the others is below this are indistinct (derived:
/// 0.1 means the column is within about 6 degrees of the others' span).
constexpr double kIndistinct = 0.1;

/// Solves M x = b by Gaussian elimination with partial pivoting (M small and positive definite
/// after damping).
std::vector<double> solve(Matrix m, std::vector<double> b) {
    const std::size_t n = b.size();
    for (std::size_t c = 0; c < n; ++c) {
        std::size_t pivot = c;
        for (std::size_t r = c + 1; r < n; ++r) {
            if (std::fabs(m[r][c]) > std::fabs(m[pivot][c])) {
                pivot = r;
            }
        }
        std::swap(m[c], m[pivot]);
        std::swap(b[c], b[pivot]);
        if (std::fabs(m[c][c]) < 1e-300) {
            return std::vector<double>(n, 0.0);
        }
        for (std::size_t r = c + 1; r < n; ++r) {
            const double f = m[r][c] / m[c][c];
            for (std::size_t k = c; k < n; ++k) {
                m[r][k] -= f * m[c][k];
            }
            b[r] -= f * b[c];
        }
    }
    std::vector<double> x(n, 0.0);
    for (std::size_t c = n; c-- > 0;) {
        double s = b[c];
        for (std::size_t k = c + 1; k < n; ++k) {
            s -= m[c][k] * x[k];
        }
        x[c] = s / m[c][c];
    }
    return x;
}

struct Problem {
    const System& base;
    const std::vector<MeasuredRun>& runs;
    const std::vector<const CalibrationParameter*>& params;

    System with(const std::vector<double>& z) const {
        System s = base;
        for (std::size_t k = 0; k < params.size(); ++k) {
            params[k]->set(s, std::exp(z[k]));
        }
        return s;
    }
    std::vector<double> residuals(const std::vector<double>& z) const {
        const System s = with(z);
        std::vector<double> r;
        r.reserve(runs.size());
        for (const MeasuredRun& run : runs) {
            const double p = predict_run(s, run);
            r.push_back(p > 0 ? std::log(p / run.measured.mean_response_s) : kSaturatedResidual);
        }
        return r;
    }
};

double sum_squares(const std::vector<double>& r) {
    double s = 0;
    for (const double x : r) {
        s += x * x;
    }
    return s;
}

Matrix jacobian(const Problem& p, const std::vector<double>& z, const std::vector<double>& r,
                const std::vector<double>& hi) {
    constexpr double h = 1e-4;  // relative step of the parameter (log space)
    Matrix j(r.size(), std::vector<double>(z.size(), 0.0));
    for (std::size_t k = 0; k < z.size(); ++k) {
        std::vector<double> zk = z;
        const double step = z[k] + h <= hi[k] ? h : -h;
        zk[k] += step;
        const auto rk = p.residuals(zk);
        for (std::size_t i = 0; i < r.size(); ++i) {
            j[i][k] = (rk[i] - r[i]) / step;
        }
    }
    return j;
}

/// Groups of parameters the Jacobian's columns cannot separate.
std::vector<Indistinct> indistinct_parameters(
    const Matrix& j, const std::vector<const CalibrationParameter*>& params) {
    const std::size_t n = params.size();
    std::vector<Indistinct> out;
    std::vector<std::vector<double>> cols(n, std::vector<double>(j.size()));
    std::vector<double> norm(n, 0.0);
    double largest = 0;
    for (std::size_t k = 0; k < n; ++k) {
        for (std::size_t i = 0; i < j.size(); ++i) {
            cols[k][i] = j[i][k];
            norm[k] += j[i][k] * j[i][k];
        }
        norm[k] = std::sqrt(norm[k]);
        largest = std::max(largest, norm[k]);
    }
    std::vector<std::size_t> order(n);
    for (std::size_t k = 0; k < n; ++k) {
        order[k] = k;
    }
    std::sort(order.begin(), order.end(), [&](auto a, auto b) { return norm[a] > norm[b]; });
    std::vector<std::vector<double>> basis;  // orthonormal
    std::vector<std::size_t> accepted;
    for (const std::size_t k : order) {
        // An elasticity below 0.001 (a 10% change moves no run's response by 0.01%).
        if (norm[k] < 1e-3 || norm[k] < 1e-6 * largest) {
            out.push_back({{params[k]->key},
                           "the runs do not depend on it (no run's response time changes with "
                           "it); it keeps its catalog value",
                           true});
            continue;
        }
        std::vector<double> v = cols[k];
        for (auto& x : v) {
            x /= norm[k];
        }
        for (const auto& b : basis) {
            double dot = 0;
            for (std::size_t i = 0; i < v.size(); ++i) {
                dot += v[i] * b[i];
            }
            for (std::size_t i = 0; i < v.size(); ++i) {
                v[i] -= dot * b[i];
            }
        }
        const double rest = std::sqrt(sum_squares(v));
        if (rest < kIndistinct) {
            Indistinct group;
            for (const std::size_t a : accepted) {
                double cos = 0;
                for (std::size_t i = 0; i < v.size(); ++i) {
                    cos += cols[k][i] * cols[a][i];
                }
                if (std::fabs(cos / (norm[k] * norm[a])) > 0.5) {
                    group.keys.push_back(params[a]->key);
                }
            }
            group.keys.push_back(params[k]->key);
            group.why =
                "the runs change these together (their effects on the runs' response "
                "times are nearly proportional): only a combination is fitted; add runs "
                "at other queue depths, sizes or read shares to separate them";
            out.push_back(group);
            continue;
        }
        for (auto& x : v) {
            x /= rest;
        }
        basis.push_back(v);
        accepted.push_back(k);
    }
    return out;
}

bool mentions_estimated(const std::string& source, const CalibrationParameter& p) {
    std::string text = source;
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const std::size_t from = text.find("estimated");
    if (from == std::string::npos) {
        return false;
    }
    for (const auto& alias : p.aliases) {
        if (text.find(alias, from) != std::string::npos) {
            return true;
        }
    }
    return false;
}

/// Refuses inputs calibrate() cannot fit: no parameters, fewer runs than parameters, or a run
/// without a measured response time.
void check_inputs(const std::vector<MeasuredRun>& runs,
                  const std::vector<const CalibrationParameter*>& parameters) {
    if (parameters.empty()) {
        throw CalibrationError(
            "no parameters to fit: the system's catalog entries list none of "
            "the parameters calibrate knows as estimated (name them with "
            "--parameters)");
    }
    if (runs.size() < parameters.size()) {
        throw CalibrationError(std::to_string(runs.size()) + " measured run(s) cannot fit " +
                               std::to_string(parameters.size()) +
                               " parameters: give at least as many runs as parameters "
                               "(different queue depths, sizes or read shares)");
    }
    for (const auto& run : runs) {
        if (!(run.measured.mean_response_s > 0)) {
            throw CalibrationError("run " + run.name + " has no measured mean response time");
        }
    }
}

/// The parameters' catalog values and the fit's starting point and bounds, in log space.
struct StartingPoint {
    std::vector<double> before;  ///< catalog values
    std::vector<double> z;       ///< log of the catalog values, within the bounds
    std::vector<double> lo, hi;  ///< log of the bounds
};

StartingPoint starting_point(const System& system,
                             const std::vector<const CalibrationParameter*>& parameters) {
    const std::size_t n = parameters.size();
    StartingPoint s;
    s.z.resize(n);
    s.lo.resize(n);
    s.hi.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
        s.lo[k] = std::log(parameters[k]->lo);
        s.hi[k] = std::log(parameters[k]->hi);
        const double v = parameters[k]->get(system);
        s.before.push_back(v);
        s.z[k] = std::clamp(std::log(std::max(v, parameters[k]->lo)), s.lo[k], s.hi[k]);
    }
    return s;
}

/// The Gauss-Newton normal equations J^T J step = -J^T r.
struct NormalEquations {
    Matrix a;               ///< J^T J
    std::vector<double> g;  ///< -J^T r
};

NormalEquations normal_equations(const Matrix& j, const std::vector<double>& r, std::size_t n) {
    NormalEquations e{Matrix(n, std::vector<double>(n, 0.0)), std::vector<double>(n, 0.0)};
    for (std::size_t i = 0; i < r.size(); ++i) {
        for (std::size_t p = 0; p < n; ++p) {
            e.g[p] -= j[i][p] * r[i];
            for (std::size_t q = 0; q < n; ++q) {
                e.a[p][q] += j[i][p] * j[i][q];
            }
        }
    }
    return e;
}

/// Where the fit stands between iterations.
struct FitState {
    std::vector<double> z;  ///< log-parameters
    std::vector<double> r;  ///< residuals at z
    double cost;            ///< sum of squared residuals at z
    double lambda;          ///< Levenberg-Marquardt damping
};

/// One Levenberg-Marquardt iteration and whether to go on.
struct Iteration {
    FitState state;
    bool improved;  ///< false: no damped step lowered the cost, or the fit has converged
};

/// Raises the damping of the step from `s` until a step lowers the cost; accepts that step and
/// lowers the damping again.
Iteration lm_iteration(const Problem& problem, FitState s, const std::vector<double>& lo,
                       const std::vector<double>& hi) {
    const std::size_t n = s.z.size();
    const Matrix j = jacobian(problem, s.z, s.r, hi);
    const NormalEquations e = normal_equations(j, s.r, n);
    while (s.lambda < 1e12) {
        Matrix m = e.a;
        for (std::size_t p = 0; p < n; ++p) {
            m[p][p] += s.lambda * e.a[p][p] + 1e-12;
        }
        const std::vector<double> step = solve(m, e.g);
        std::vector<double> z_new = s.z;
        for (std::size_t p = 0; p < n; ++p) {
            z_new[p] = std::clamp(s.z[p] + step[p], lo[p], hi[p]);
        }
        auto r_new = problem.residuals(z_new);
        const double c_new = sum_squares(r_new);
        if (c_new < s.cost) {
            double moved = 0;
            for (std::size_t p = 0; p < n; ++p) {
                moved = std::max(moved, std::fabs(z_new[p] - s.z[p]));
            }
            const double gain = s.cost - c_new;
            s.z = std::move(z_new);
            s.r = std::move(r_new);
            s.cost = c_new;
            s.lambda = std::max(s.lambda / 3, 1e-9);
            const bool converged = moved < 1e-7 || gain < 1e-14 * std::max(s.cost, 1e-30);
            return {std::move(s), !converged};
        }
        s.lambda *= 4;
    }
    return {std::move(s), false};
}

/// The log-parameters with each parameter the runs do not depend on back at its catalog value.
std::vector<double> keep_unaffected(std::vector<double> z,
                                    const std::vector<Indistinct>& indistinct,
                                    const std::vector<const CalibrationParameter*>& parameters,
                                    const std::vector<double>& before) {
    for (const Indistinct& group : indistinct) {
        for (std::size_t k = 0; k < parameters.size(); ++k) {
            if (group.no_effect && group.keys.front() == parameters[k]->key) {
                z[k] = std::log(std::max(before[k], 1e-300));  // keeps its value
            }
        }
    }
    return z;
}

/// The system with the fitted parameters; those at their catalog value are set exactly as they
/// were (not through exp(log(value))).
System fitted_system(const Problem& problem, const std::vector<double>& z,
                     const std::vector<const CalibrationParameter*>& parameters,
                     const std::vector<double>& before) {
    System fitted = problem.with(z);
    for (std::size_t k = 0; k < parameters.size(); ++k) {
        if (z[k] == std::log(std::max(before[k], 1e-300))) {
            parameters[k]->set(fitted, before[k]);  // exactly as it was
        }
    }
    return fitted;
}

/// Each run's measured response time and its predictions before and after the fit.
std::vector<RunFit> run_fits(const System& before, const System& after,
                             const std::vector<MeasuredRun>& runs) {
    std::vector<RunFit> fits;
    for (const MeasuredRun& run : runs) {
        RunFit f;
        f.run = run.name;
        f.measured_s = run.measured.mean_response_s;
        f.before_s = predict_run(before, run);
        f.after_s = predict_run(after, run);
        fits.push_back(f);
    }
    return fits;
}

}  // namespace

double RunFit::error_before() const {
    return before_s > 0 ? (before_s - measured_s) / measured_s : INFINITY;
}
double RunFit::error_after() const {
    return after_s > 0 ? (after_s - measured_s) / measured_s : INFINITY;
}

const std::vector<CalibrationParameter>& calibration_parameters() {
    using K = CatalogKind;
    static const std::vector<CalibrationParameter> params = {
        {"drive.command_overhead_ms",
         "command_overhead_ms",
         K::Drives,
         "hdd",
         0.01e-3,
         10e-3,
         1e3,
         {"command_overhead", "command overhead", "overhead"},
         [](const System& s) { return s.drive.hdd.command_overhead_s; },
         [](System& s, double v) { s.drive.hdd.command_overhead_s = v; }},
        {"drive.read_latency_us",
         "read_latency_us",
         K::Drives,
         "ssd",
         2e-6,
         5e-3,
         1e6,
         {"read_latency", "read latency"},
         [](const System& s) { return s.drive.ssd.read_latency_s; },
         [](System& s, double v) { s.drive.ssd.read_latency_s = v; }},
        {"drive.write_latency_us",
         "write_latency_us",
         K::Drives,
         "ssd",
         2e-6,
         5e-3,
         1e6,
         {"write_latency", "write latency"},
         [](const System& s) { return s.drive.ssd.write_latency_s; },
         [](System& s, double v) { s.drive.ssd.write_latency_s = v; }},
        {"controller.max_iops",
         "max_iops",
         K::Controllers,
         "",
         500,
         1e8,
         1,
         {"max_iops", "command rate", "iops"},
         [](const System& s) { return s.controller.max_iops; },
         [](System& s, double v) { s.controller.max_iops = v; }},
        {"drive_link.command_overhead_us",
         "command_overhead_us",
         K::Links,
         "",
         0.01e-6,
         2e-3,
         1e6,
         {"command_overhead", "command overhead"},
         [](const System& s) { return s.drive_link.command_overhead_s; },
         [](System& s, double v) { s.drive_link.command_overhead_s = v; }},
        {"host.per_request_overhead_us",
         "per_request_overhead_us",
         K::Hosts,
         "",
         0.5e-6,
         10e-3,
         1e6,
         {"per_request_overhead", "per-request", "per request"},
         [](const System& s) { return s.host.per_request_overhead_s; },
         [](System& s, double v) { s.host.per_request_overhead_s = v; }},
        {"host.raid_cpu_per_io_us",
         "raid_cpu_per_io_us",
         K::Hosts,
         "",
         0.1e-6,
         1e-3,
         1e6,
         {"raid_cpu_per_io", "cpu per i/o", "cpu per io"},
         [](const System& s) { return s.host.raid_cpu_per_io_s; },
         [](System& s, double v) { s.host.raid_cpu_per_io_s = v; }},
    };
    return params;
}

const CalibrationParameter* find_calibration_parameter(std::string_view key) {
    for (const auto& p : calibration_parameters()) {
        if (p.key == key) {
            return &p;
        }
    }
    return nullptr;
}

std::vector<const CalibrationParameter*> estimated_parameters(const System& system) {
    std::vector<const CalibrationParameter*> out;
    const std::string drive_kind = system.drive.kind == DriveKind::Hdd ? "hdd" : "ssd";
    for (const auto& p : calibration_parameters()) {
        if (!p.only.empty() && p.only != drive_kind) {
            continue;
        }
        const CatalogInfo* info = nullptr;
        if (p.key.rfind("drive.", 0) == 0) {
            info = &system.drive.info;
        } else if (p.key.rfind("controller.", 0) == 0) {
            info = &system.controller.info;
        } else if (p.key.rfind("drive_link.", 0) == 0) {
            info = &system.drive_link.info;
        } else {
            info = &system.host.info;
        }
        if (!info->id.empty() && mentions_estimated(info->source, p)) {
            out.push_back(&p);
        }
    }
    return out;
}

std::vector<MeasuredRun> runs_from(const std::vector<ImportedWorkload>& workloads) {
    std::vector<MeasuredRun> runs;
    for (const auto& w : workloads) {
        for (const MeasuredPoint& m : w.measured) {
            MeasuredRun run;
            run.workload = w.workload;
            run.workload.concurrency.clear();
            run.workload.arrival_rates_per_s.clear();
            if (m.concurrency > 0) {
                run.workload.concurrency = {m.concurrency};
                run.name = w.workload.name + " @ " + std::to_string(m.concurrency) + " outstanding";
            } else {
                run.workload.arrival_rates_per_s = {m.arrival_rate_per_s};
                run.name = w.workload.name + " @ " +
                           std::to_string(std::lround(m.arrival_rate_per_s)) + "/s";
            }
            run.measured = m;
            runs.push_back(std::move(run));
        }
    }
    return runs;
}

double predict_run(const System& system, const MeasuredRun& run) {
    const Evaluation e = evaluate(system, run.workload);
    if (e.points.empty() || e.points.front().saturated) {
        return -1.0;
    }
    return e.points.front().mean_response_s;
}

CalibrationResult calibrate(const System& system, const std::vector<MeasuredRun>& runs,
                            const std::vector<const CalibrationParameter*>& parameters) {
    check_inputs(runs, parameters);
    const Problem problem{system, runs, parameters};
    const std::size_t n = parameters.size();
    StartingPoint start = starting_point(system, parameters);
    CalibrationResult result;
    result.parameters = parameters;
    result.before = start.before;
    const std::vector<double> r0 = problem.residuals(start.z);
    FitState fit{std::move(start.z), r0, sum_squares(r0), 1e-2};
    for (result.iterations = 0; result.iterations < 100; ++result.iterations) {
        Iteration it = lm_iteration(problem, std::move(fit), start.lo, start.hi);
        fit = std::move(it.state);
        if (!it.improved) {
            break;
        }
    }
    const Matrix j = jacobian(problem, fit.z, fit.r, start.hi);
    result.indistinct = indistinct_parameters(j, parameters);
    const std::vector<double> z =
        keep_unaffected(fit.z, result.indistinct, parameters, result.before);
    result.fitted = fitted_system(problem, z, parameters, result.before);
    for (std::size_t k = 0; k < n; ++k) {
        result.after.push_back(std::exp(z[k]));
        result.at_bound.push_back(z[k] <= start.lo[k] + 1e-6 || z[k] >= start.hi[k] - 1e-6);
    }
    result.runs = run_fits(system, result.fitted, runs);
    result.rms_log_before = std::sqrt(sum_squares(r0) / static_cast<double>(runs.size()));
    result.rms_log_after = std::sqrt(fit.cost / static_cast<double>(runs.size()));
    return result;
}

}  // namespace raidadv::measure
