// The search's second half (search_context.h): the model on the candidates the enumeration
// kept, best-looking first, skipping those that cannot change the answer (prune.h); the stripe
// unit refined for the leading candidates; the ranking folded and its front marked; then every
// skipped candidate checked against that answer, and the ones that could change it evaluated
// and the answer made again, until none could.

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <limits>
#include <mutex>
#include <numeric>
#include <optional>
#include <thread>
#include <utility>

#include "advisor/explain.h"
#include "advisor/search_context.h"
#include "advisor/wear.h"
#include "format/format.h"
#include "layout/geometry.h"
#include "queueing/network.h"
#include "system/raid_software.h"

namespace raidadv::advisor::detail {

namespace {

void append(std::string& key, double v) {
    char bytes[sizeof v];
    std::memcpy(bytes, &v, sizeof v);
    key.append(bytes, sizeof v);
}

void append_link(std::string& key, const LinkSpec& l) {
    append(key, l.bandwidth_Bps);
    append(key, l.command_overhead_s);
    append(key, l.shared ? 1.0 : 0.0);
    append(key, static_cast<double>(l.max_devices));
}

}  // namespace

/// What evaluate() reads of a system within one search (the host is the request's, the same
/// for every candidate): the drive (by catalog id: one id, one drive within a search), the
/// controller's figures the evaluator reads (evaluate/link_stages.cpp, drive_visits.cpp,
/// system/write_cache.cpp; not its name, price, ports or levels), the links' figures, the
/// layout and the cache settings. Empty (no reuse) for a drive without a catalog id.
std::string performance_key(const System& s) {
    if (s.drive.info.id.empty()) {
        return {};
    }
    std::string key = s.drive.info.id;
    key.push_back('\0');
    const ControllerSpec& c = s.controller;
    append(key, static_cast<double>(static_cast<int>(c.kind)));
    append(key, c.max_iops);
    append(key, c.port_read_command_s);
    append(key, c.port_write_command_s);
    append(key, c.max_bandwidth_Bps);
    append(key, c.cache_bytes);
    append(key, c.battery_backed ? 1.0 : 0.0);
    append(key, c.parity_Bps);
    append(key, c.max_command_bytes);
    append_link(key, s.drive_link);
    append_link(key, s.host_link);
    const Layout& l = s.layout;
    append(key, static_cast<double>(static_cast<int>(l.level)));
    append(key, l.drives);
    append(key, l.disks_per_span);
    append(key, l.mirror_copies);
    append(key, static_cast<double>(static_cast<int>(l.placement)));
    append(key, l.stripe_unit_bytes);
    append(key, l.volumes);
    append(key, l.failed_drives);
    append(key, l.rebuild_rate_fraction);
    // ZFS pools (all 1/128 KiB/12/0/0 defaults on block levels).
    append(key, l.vdevs);
    append(key, l.record_bytes);
    append(key, l.ashift);
    append(key, l.draid_data);
    append(key, l.draid_spares);
    append(key, s.write_back_cache ? 1.0 : 0.0);
    append(key, static_cast<double>(static_cast<int>(s.drive_write_cache)));
    append(key, static_cast<double>(static_cast<int>(s.controller_read_ahead)));
    append(key, static_cast<double>(static_cast<int>(s.ssd_state)));
    append(key, s.drives_per_link);
    return key;
}

namespace {

/// The verdict Context::measured holds for `key`, or null (an empty key is never reused).
const PerformanceOutcome* remembered(const Context& ctx, const std::string& key) {
    if (key.empty()) {
        return nullptr;
    }
    const auto it = ctx.measured.find(key);
    return it == ctx.measured.end() ? nullptr : &it->second;
}

/// Counts a model run and keeps its verdict for `key` (an evaluation a watch stopped is not
/// kept: it is not the whole verdict).
void remember(Context& ctx, const std::string& key, const PerformanceOutcome& outcome) {
    ++ctx.result.stats.evaluated;
    if (!key.empty() && !outcome.stopped) {
        ctx.measured.emplace(key, outcome);
    }
}

/// The model's verdict on `system`, run once per performance key.
PerformanceOutcome measure_once(Context& ctx, const System& system) {
    const std::string key = performance_key(system);
    if (const PerformanceOutcome* known = remembered(ctx, key)) {
        return *known;
    }
    PerformanceOutcome outcome = measure(system, ctx.request.workload);
    remember(ctx, key, outcome);
    return outcome;
}

/// "At this load the drives' rated endurance lasts about 7.5 years": the wear warning, saying
/// where the day's writes came from (wear.h).
std::string wear_warning(const Candidate& cand, const Constraints& c) {
    const Wear& w = cand.performance.wear;
    char text[560];
    const std::string tail =
        ", so the rated endurance (" + format_capacity(cand.system.drive.endurance_bytes) +
        " written) lasts about " + format::fixed(w.years_to_wear_out, 1) + " years, near the " +
        format::number(c.horizon_years) + "-year horizon";
    switch (w.basis) {
        case WearBasis::Stated:
            std::snprintf(
                text, sizeof text,
                "SSD wear: the %s written a day (as stated), with a write amplification of "
                "%.1f, put about %s on each drive per day%s.",
                format_capacity(w.user_bytes_per_day).c_str(), w.write_amplification,
                format_capacity(w.drive_bytes_per_day).c_str(), tail.c_str());
            return text;
        case WearBasis::DataPerDay:
            // No volume stated and no rate in the load (requests kept outstanding with no pause):
            // the data once a day, which the user can replace with what they write.
            std::snprintf(text, sizeof text,
                          "SSD wear: no daily write volume is stated, so the check takes the data "
                          "(%s) written once a day; with a write amplification of %.1f that puts "
                          "about %s on each drive per day%s (state the bytes written a day if "
                          "known).",
                          format_capacity(w.user_bytes_per_day).c_str(), w.write_amplification,
                          format_capacity(w.drive_bytes_per_day).c_str(), tail.c_str());
            return text;
        case WearBasis::LoadRate:
            break;
    }
    std::snprintf(text, sizeof text,
                  "SSD wear: at the heaviest load point the workload writes %s a second; for "
                  "%s busy hours a day and a write amplification of %.1f that is about %s to "
                  "each drive per day%s (fewer busy hours at that load, or the bytes written a "
                  "day if known, last longer).",
                  format_capacity(w.user_write_Bps).c_str(),
                  format::number(c.busy_hours_per_day).c_str(), w.write_amplification,
                  format_capacity(w.drive_bytes_per_day).c_str(), tail.c_str());
    return text;
}

/// Aghayev & Desnoyers, "Skylight", FAST 2015: a drive-managed SMR drive takes writes into a
/// persistent media cache (about 20 GB on the drives they and reviews measured) and cleans it into
/// the shingled bands while idle; writes beyond it wait for band cleaning, far below the CMR
/// figures the model uses. derived: a busy day's writes per drive over the cache overflow it.
constexpr double kSmrMediaCacheBytes = 20e9;

bool smr_cache_overflows(const System& system, const Wear& wear) {
    return system.drive.kind == DriveKind::Hdd && system.drive.smr &&
           wear.drive_bytes_per_day > kSmrMediaCacheBytes;
}

enum class Verdict {
    Feasible,  ///< evaluated, kept
    Rejected,  ///< evaluated (or stopped once rejection was certain), the reason counted
    Skipped    ///< stopped part way: what it solved shows it cannot change the answer
};

/// One candidate's model run (run_model), then its verdict (conclude).
struct ModelRun {
    Candidate cand;
    PerformanceOutcome outcome;
    std::string key;      ///< performance_key of the system
    bool cached = false;  ///< the outcome came from Context::measured
    bool worn_out = false;
};

/// The model on `p`: thread-safe against other run_model calls (it reads `ctx`, the pruner and
/// Context::measured, writes only `p.outlook` and `run`). With `pruner`, the evaluation stops
/// as soon as the load points it has solved (their responses replacing their floors in p's
/// outlook) show the candidate may be skipped; with skipping on it also stops once the
/// throughput passes the SSD wear limit where the throughput only rises with the population
/// (wear.h: rejected whatever comes after).
void run_model(const Context& ctx, Pending& p, const OnlinePruner* pruner, ModelRun& run) {
    const Workload& w = ctx.request.workload;
    // Named and assessed (text included) only if kept: nothing before reads them.
    run.cand.system = build_system(ctx, p, false);
    run.cand.stripe_rule = ctx.rules[p.rule];
    run.key = performance_key(run.cand.system);
    if (const PerformanceOutcome* known = remembered(ctx, run.key)) {
        run.outcome = *known;
        run.cached = true;
        return;
    }
    Outlook& o = p.outlook;
    bool settled = false;
    queueing::LevelWatch watch;
    const bool wear_stop = ctx.options.prune && o.throughput_rises && std::isfinite(o.wear_limit) &&
                           o.wear_limit > 0.0 && w.arrival_rates_per_s.empty() &&
                           !w.concurrency.empty();
    const bool skip_stop = pruner != nullptr && o.point_floors_s.size() == w.concurrency.size() &&
                           w.arrival_rates_per_s.empty() && !w.concurrency.empty();
    if (wear_stop || skip_stop) {
        watch = [&](int n, const queueing::Solution& at) {
            if (wear_stop && n <= w.concurrency.back() && at.throughput > o.wear_limit) {
                run.worn_out = true;  // its throughput at the heaviest point is at least this
                return false;
            }
            if (!skip_stop) {
                return true;
            }
            bool changed = false;
            for (std::size_t i = 0; i < w.concurrency.size(); ++i) {
                if (w.concurrency[i] == n && std::isfinite(at.response_mean) &&
                    at.response_mean > o.point_floors_s[i]) {
                    o.point_floors_s[i] = at.response_mean;  // solved: the floor is exact
                    changed = true;
                }
            }
            if (changed) {
                o.response_floor_s = floor_mean(o.point_floors_s);
                settled = pruner->skippable(o);
            }
            return !settled;
        };
    }
    run.outcome = measure(run.cand.system, w, watch);
}

/// The verdict on `p` from its model run (sequential: it counts, caches and assesses).
Verdict conclude(Context& ctx, Pending& p, ModelRun& run, std::optional<Candidate>& kept) {
    const Constraints& c = ctx.request.constraints;
    if (!run.cached) {
        remember(ctx, run.key, run.outcome);
    }
    PerformanceOutcome& outcome = run.outcome;
    Candidate& cand = run.cand;
    if (outcome.stopped && run.worn_out) {
        ctx.reject("SSDs wear out before the horizon");
        return Verdict::Rejected;
    }
    if (outcome.stopped) {
        return Verdict::Skipped;
    }
    if (!outcome.feasible) {
        ctx.reject(outcome.problem.rfind("saturated", 0) == 0 ? "saturated at the workload's load"
                                                              : "not evaluable");
        return Verdict::Rejected;
    }
    cand.performance = std::move(outcome.performance);
    Wear& wear = cand.performance.wear;
    wear = ssd_wear(cand.system, ctx.request.workload, cand.performance.points.back(), c);
    if (wear.applies && wear.years_to_wear_out < c.horizon_years) {
        ctx.reject("SSDs wear out before the horizon");
        return Verdict::Rejected;
    }
    if (smr_cache_overflows(cand.system, wear)) {
        ctx.reject("SMR drives: a day's writes overflow their media cache");
        return Verdict::Rejected;
    }
    cand.system.name = describe(cand.system);
    cand.assessment = assess(cand.system, ctx.request, ctx.controllers[p.choice].owned);
    add_plan_cost(ctx.plans[p.plan], cand.assessment);
    if (wear.applies && wear.years_to_wear_out < 2.0 * c.horizon_years) {
        cand.assessment.warnings.push_back(wear_warning(cand, c));
    }
    kept = std::move(cand);
    return Verdict::Feasible;
}

/// The model on `p` and its verdict, on this thread.
Verdict evaluate_pending(Context& ctx, Pending& p, const OnlinePruner* pruner,
                         std::optional<Candidate>& kept) {
    ModelRun run;
    run_model(ctx, p, pruner, run);
    return conclude(ctx, p, run, kept);
}

/// Threads that run batches of work for one search and stay alive between batches (the
/// model's thread_local caches, evaluate/hdd_service.cpp and request_mapping.cpp, live as long
/// as their thread).
class BatchPool {
  public:
    explicit BatchPool(int threads) {
        for (int t = 1; t < threads; ++t) {
            helpers_.emplace_back([this] { help(); });
        }
    }
    BatchPool(const BatchPool&) = delete;
    BatchPool& operator=(const BatchPool&) = delete;
    ~BatchPool() {
        {
            std::lock_guard lock(mutex_);
            stop_ = true;
        }
        wake_.notify_all();
    }  // the jthreads join

    /// Runs `work(i)` for every i in [0, count) on the helpers and this thread; returns when all
    /// are done.
    void run(std::size_t count, const std::function<void(std::size_t)>& work) {
        if (helpers_.empty() || count < 2) {
            for (std::size_t i = 0; i < count; ++i) {
                work(i);
            }
            return;
        }
        {
            std::lock_guard lock(mutex_);
            work_ = &work;
            count_ = count;
            next_ = 0;
            finished_ = 0;
            ++generation_;
        }
        wake_.notify_all();
        take(work, count);
        std::unique_lock lock(mutex_);
        done_.wait(lock, [&] { return finished_ == helpers_.size(); });
        work_ = nullptr;
        if (error_) {
            std::rethrow_exception(std::exchange(error_, nullptr));
        }
    }

  private:
    /// Runs the work items not yet taken; an exception stops nothing else and is rethrown on
    /// the calling thread by run() (a helper thread must not end the program).
    void take(const std::function<void(std::size_t)>& work, std::size_t count) {
        for (std::size_t i = next_++; i < count; i = next_++) {
            try {
                work(i);
            } catch (...) {
                std::lock_guard lock(mutex_);
                if (!error_) {
                    error_ = std::current_exception();
                }
            }
        }
    }
    void help() {
        std::uint64_t seen = 0;
        for (;;) {
            const std::function<void(std::size_t)>* work = nullptr;
            std::size_t count = 0;
            {
                std::unique_lock lock(mutex_);
                wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
                if (stop_) {
                    return;
                }
                seen = generation_;
                work = work_;
                count = count_;
            }
            take(*work, count);
            {
                std::lock_guard lock(mutex_);
                ++finished_;
            }
            done_.notify_one();
        }
    }

    std::mutex mutex_;
    std::condition_variable wake_, done_;
    const std::function<void(std::size_t)>* work_ = nullptr;
    std::size_t count_ = 0;
    std::atomic<std::size_t> next_{0};
    std::size_t finished_ = 0;
    std::uint64_t generation_ = 0;
    bool stop_ = false;
    std::exception_ptr error_;
    std::vector<std::jthread> helpers_;  // last: joined first, while the rest still lives
};

/// The model checks the stripe unit: every allowed unit is tried for the leading striped
/// candidates and the fastest kept (the rule's unit wins ties: it is the grounded default).
void refine_stripes(Context& ctx, Result& result, int top, bool report) {
    auto& ranked = result.ranked;
    int refined = 0;
    for (std::size_t i = 0; i < ranked.size() && refined < top; ++i) {
        Candidate& cand = ranked[i];
        if (!is_striped(cand.system.layout.level)) {
            continue;
        }
        if (report &&
            !ctx.keep_going(kEvaluationEnd + (1.0 - kEvaluationEnd) * static_cast<double>(refined) /
                                                 static_cast<double>(std::max(1, top)))) {
            return;
        }
        ++refined;
        const double rule_unit = cand.system.layout.stripe_unit_bytes;
        const double rule_response = cand.performance.mean_response_s;
        struct Trial {
            System system;
            Performance performance;
        };
        std::vector<Trial> faster;  // units that beat the rule's
        double best = rule_response;
        for (double unit : ctx.stripe_units) {
            const ControllerSpec& ctl = cand.system.controller;
            if ((ctl.min_stripe_bytes > 0.0 && unit < ctl.min_stripe_bytes) ||
                (ctl.max_stripe_bytes > 0.0 && unit > ctl.max_stripe_bytes)) {
                continue;  // a unit the controller does not offer
            }
            if (const double most =
                    storage_spaces_max_interleave_bytes(cand.system.host, ctl, cand.system.layout);
                most > 0.0 && unit > most) {
                continue;  // a parity space's stripe larger than an NTFS cluster
            }
            cand.stripes_tried.push_back(unit);
            if (unit == rule_unit) {
                cand.stripe_trials.push_back({unit, true, rule_response});
                continue;
            }
            System trial = cand.system;
            trial.layout.stripe_unit_bytes = unit;
            PerformanceOutcome outcome = measure_once(ctx, trial);
            cand.stripe_trials.push_back(
                {unit, outcome.feasible,
                 outcome.feasible ? outcome.performance.mean_response_s : 0.0});
            // derived: ask for a 1% gain before moving off the rule's unit (model noise level).
            if (outcome.feasible && outcome.performance.mean_response_s < 0.99 * rule_response) {
                best = std::min(best, outcome.performance.mean_response_s);
                faster.push_back({std::move(trial), std::move(outcome.performance)});
            }
        }
        // Of the units within 1% of the fastest, the nearest the rule's (the grounded default):
        // where a saturated array answers the same to many units, nothing moves it further.
        const Trial* pick = nullptr;
        for (const Trial& t : faster) {
            const double distance =
                std::abs(std::log(t.system.layout.stripe_unit_bytes / rule_unit));
            if (t.performance.mean_response_s <= 1.01 * best &&
                (pick == nullptr ||
                 distance <
                     std::abs(std::log(pick->system.layout.stripe_unit_bytes / rule_unit)))) {
                pick = &t;
            }
        }
        if (pick != nullptr) {
            cand.system = pick->system;
            cand.system.name = describe(cand.system);
            cand.performance = pick->performance;
        }
    }
}

/// The finished ranking of `evaluated` (in enumeration order): ranked, the stripe units of the
/// leading ones refined, folded, the front marked and ranked again, as the search without
/// skipping would make it of the same candidates. `refine_key` is set to the key of the last
/// candidate the refinement reaches (-infinity if it reaches every striped one), and `members`
/// to what needed_after reads of the candidates before folding.
Result finish(Context& ctx, const std::vector<const Candidate*>& evaluated, bool report,
              double& refine_key, std::vector<FoldMember>& members) {
    Result trial;
    trial.ranked.reserve(evaluated.size());
    for (const Candidate* c : evaluated) {
        trial.ranked.push_back(*c);
    }
    rank(trial, ctx.request);
    const int top = ctx.options.refine_top;
    refine_key = top > 0 ? -std::numeric_limits<double>::infinity()
                         : std::numeric_limits<double>::infinity();
    int striped = 0;
    for (const Candidate& c : trial.ranked) {
        if (top > 0 && is_striped(c.system.layout.level) && ++striped == top) {
            refine_key =
                rank_key(c.utility, c.assessment.price_known, ctx.request.weights.cost > 0.0);
            break;
        }
    }
    refine_stripes(ctx, trial, top, report);
    members.clear();
    for (const Candidate& c : trial.ranked) {
        members.push_back(fold_member(c));
    }
    fold_variants(trial.ranked);
    mark_pareto(trial.ranked);
    rank(trial, ctx.request);
    return trial;
}

}  // namespace

void evaluate_and_rank(Context& ctx) {
    const Request& req = ctx.request;
    const SearchOptions& opt = ctx.options;
    std::vector<Pending>& pending = ctx.pending;
    // Best-looking first (the optimistic key: the response at its bound), so that the strong
    // candidates are known early and prune the rest; ties in enumeration order.
    std::vector<double> keys(pending.size());
    for (std::size_t i = 0; i < pending.size(); ++i) {
        const Outlook& o = pending[i].outlook;
        keys[i] = o.response_floor_s > 0.0
                      ? rank_key(utility_of(o.response_floor_s, o.cost_usd, o.p_data_loss,
                                            o.usable_bytes, req.weights),
                                 o.price_known, req.weights.cost > 0.0)
                      : std::numeric_limits<double>::infinity();
    }
    std::vector<std::size_t> order(pending.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return keys[a] > keys[b]; });

    const int top_rows = std::max(opt.exact_top, opt.explain_top);
    OnlinePruner pruner(req, top_rows, opt.refine_top);
    std::vector<std::optional<Candidate>> done(pending.size());  // feasible, by pending index
    std::vector<char> skipped(pending.size(), 0);
    // In batches: the candidates of a batch the pruner cannot skip yet run the model in parallel
    // (each reads the pruner and the verdict cache as they stood before the batch), then their
    // verdicts are taken in order. derived: a batch size that does not depend on the thread
    // count keeps the answer and the counts the same on every machine; the skipping is only
    // weaker within a batch, never unsound (prune.h).
    constexpr std::size_t kBatch = 32;
    const int threads =
        opt.threads > 0
            ? opt.threads
            : static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 16u));
    BatchPool pool(threads);
    for (std::size_t start = 0; start < order.size(); start += kBatch) {
        if (!ctx.keep_going(kEnumerationShare + (kEvaluationEnd - kEnumerationShare) *
                                                    static_cast<double>(start) /
                                                    static_cast<double>(order.size()))) {
            return;
        }
        std::vector<std::size_t> batch;
        for (std::size_t k = start; k < std::min(order.size(), start + kBatch); ++k) {
            const std::size_t i = order[k];
            if (opt.prune && pruner.skippable(pending[i].outlook)) {
                skipped[i] = 1;
            } else {
                batch.push_back(i);
            }
        }
        std::vector<ModelRun> runs(batch.size());
        pool.run(batch.size(), [&](std::size_t j) {
            run_model(ctx, pending[batch[j]], opt.prune ? &pruner : nullptr, runs[j]);
        });
        for (std::size_t j = 0; j < batch.size(); ++j) {
            const std::size_t i = batch[j];
            const Verdict v = conclude(ctx, pending[i], runs[j], done[i]);
            if (v == Verdict::Skipped) {
                skipped[i] = 1;
            } else if (v == Verdict::Feasible) {
                pruner.add(pending[i].outlook, *done[i]);
            }
        }
    }

    const NeededAfter what{req, top_rows, opt.explain_top, opt.refine_top, opt.keep_extremes};
    for (bool first = true;; first = false) {
        std::vector<const Candidate*> evaluated;
        for (const auto& c : done) {
            if (c) {
                evaluated.push_back(&*c);
            }
        }
        double refine_key = 0.0;
        std::vector<FoldMember> members;
        Result trial = finish(ctx, evaluated, first, refine_key, members);
        if (ctx.result.cancelled) {
            return;
        }
        std::vector<Outlook> waiting;
        std::vector<std::size_t> waiting_index;
        for (std::size_t i = 0; i < pending.size(); ++i) {
            if (skipped[i]) {
                waiting.push_back(pending[i].outlook);
                waiting_index.push_back(i);
            }
        }
        const std::vector<std::size_t> needed =
            waiting.empty() ? std::vector<std::size_t>{}
                            : needed_after(what, refine_key, members, trial, waiting);
        if (needed.empty()) {
            ctx.result.ranked = std::move(trial.ranked);
            ctx.result.pareto = std::move(trial.pareto);
            break;
        }
        for (std::size_t j : needed) {
            const std::size_t i = waiting_index[j];
            skipped[i] = 0;
            evaluate_pending(ctx, pending[i], nullptr, done[i]);
        }
    }
    for (char s : skipped) {
        ctx.result.stats.skipped += s;
    }
}

}  // namespace raidadv::advisor::detail
