// `recommend FILE [--top N] [--json] [--exhaustive]`: the advisor on the project's "advisor"
// section.

#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "advisor/advisor.h"
#include "advisor/explain.h"
#include "cli.h"
#include "evaluate_output.h"
#include "format/format.h"
#include "layout/zfs_pool.h"
#include "system/write_cache.h"

namespace raidadv::cli {

namespace {

using advisor::Candidate;
using nlohmann::json;

json number_or_null(double value) {
    return std::isfinite(value) ? json(value) : json(nullptr);
}

json system_json(const System& s) {
    const Layout& l = s.layout;
    json j = {{"name", s.name},
              {"drive", s.drive.info.id},
              {"drive_name", s.drive.info.name},
              {"drives", s.total_drives()},
              {"level", std::string(to_string(l.level))},
              {"drives_per_volume", l.drives},
              {"volumes", l.volumes},
              {"controller", s.controller.info.id},
              {"drive_link", s.drive_link.info.id},
              {"host_link", s.host_link.info.id},
              {"host", s.host.info.id},
              {"write_back_cache", s.write_back_cache},
              {"drive_write_cache", uses_drive_write_cache(s)}};
    if (is_zfs(l.level)) {
        j["vdevs"] = l.vdevs;
        j[l.zvol ? "volblocksize_kib" : "recordsize_kib"] = l.record_bytes / 1024.0;
        j["ashift"] = l.ashift;
        if (is_draid(l.level)) {
            j["draid_data"] = make_zfs_pool(l).draid_data;  // zpool's default resolved
            j["draid_spares"] = l.draid_spares;
        }
    } else if (l.level != RaidLevel::Simple && l.level != RaidLevel::Raid1) {
        j["stripe_kib"] = l.stripe_unit_bytes / 1024.0;
    }
    if (l.disks_per_span > 0) {
        j["disks_per_span"] = l.disks_per_span;
    }
    if (l.level == RaidLevel::Raid1 || l.level == RaidLevel::Raid10 ||
        l.level == RaidLevel::Raid01) {
        j["mirror_copies"] = l.mirror_copies;
    }
    if (l.level == RaidLevel::Raid10 && l.placement != CopyPlacement::Near) {
        j["placement"] = std::string(to_string(l.placement));
    }
    return j;
}

json metrics_json(const advisor::Performance& p) {
    json points = json::array();
    for (const PointMetrics& m : p.points) {
        json point = {{"iops", m.iops},
                      {"mb_per_s", m.mb_per_s},
                      {"mean_response_ms", m.mean_response_s * 1e3},
                      {"p95_response_ms", m.p95_response_s * 1e3},
                      {"band", band_json(m.band)},
                      {"bottleneck", m.bottleneck}};
        if (m.concurrency > 0) {
            point["concurrency"] = m.concurrency;
        } else {
            point["arrival_rate_per_s"] = m.arrival_rate_per_s;
        }
        points.push_back(point);
    }
    return {{"mean_response_ms", p.mean_response_s * 1e3},
            {"throughput_per_s", p.throughput},
            {"mb_per_s", p.mb_per_s},
            {"bottleneck", p.bottleneck},
            {"bottleneck_utilization", p.bottleneck_utilization},
            {"disk_ios_per_job", p.disk_ios_per_job},
            {"points", points}};
}

json candidate_json(const Candidate& c, const advisor::Request& req, std::size_t rank) {
    const advisor::Assessment& a = c.assessment;
    const advisor::Constraints& k = req.constraints;
    json j = {{"rank", rank},
              {"score", c.score},
              {"pareto", c.pareto},
              {"speed_tied_with_pick", c.speed_tied_with_pick},
              {"system", system_json(c.system)},
              {"metrics", metrics_json(c.performance)}};
    j["cost"] = {{"total_usd", a.total_usd},
                 {"drives_usd", a.drives_usd},
                 {"controller_usd", a.controller_usd},
                 {"raid_software_usd", a.raid_software_usd},
                 {"enclosure_usd", a.enclosure_usd},
                 {"power_usd", a.power_usd},
                 {"usd_per_usable_tb", a.usd_per_usable_tb},
                 {"price_known", a.price_known},
                 {"currency", k.currency},
                 {"total_in_currency", a.total_usd / k.usd_per_currency_unit}};
    j["variants"] = c.variants;
    j["warnings"] = a.warnings;
    j["cost"]["spares_usd"] = a.spares_usd;
    if (c.performance.wear.applies) {
        j["wear"] = {{"drive_gb_per_day", c.performance.wear.drive_bytes_per_day / 1e9},
                     {"write_amplification", c.performance.wear.write_amplification},
                     {"years_to_wear_out", number_or_null(c.performance.wear.years_to_wear_out)}};
    }
    j["capacity"] = {{"usable_bytes", a.usable_bytes}, {"usable_tb", a.usable_bytes / 1e12}};
    j["reliability"] = {{"failures_tolerated", a.failures_tolerated},
                        {"rebuild_hours", a.rebuild_time_s / 3600.0},
                        {"mttdl_hours", number_or_null(a.mttdl_hours)},
                        {"p_ure_during_rebuild", a.p_ure_during_rebuild},
                        {"p_data_loss", a.p_data_loss},
                        {"p_array_loss", a.p_array_loss},
                        {"p_unreadable_stripe", a.p_unreadable_stripe},
                        {"mttr_hours", a.mttr_hours},
                        {"hot_spares", a.spare_drives},
                        {"horizon_years", k.horizon_years},
                        {"assumptions", a.assumptions}};
    json tried = json::array();
    for (double u : c.stripes_tried) {
        tried.push_back(u / 1024.0);
    }
    json trials = json::array();
    for (const advisor::StripeTrial& t : c.stripe_trials) {
        trials.push_back(
            {{"unit_kib", t.unit_bytes / 1024.0},
             {"saturated", !t.feasible},
             {"mean_response_ms", t.feasible ? json(t.mean_response_s * 1e3) : json(nullptr)}});
    }
    j["stripe"] = {{"rule_kib", c.stripe_rule.rounded_bytes / 1024.0},
                   {"rule_exact_kib", c.stripe_rule.unit_bytes / 1024.0},
                   {"tried_kib", tried},
                   {"sensitivity", trials},
                   {"rule", c.stripe_rule.explanation}};
    return j;
}

json explanation_json(const advisor::Explanation& e) {
    return {{"headline", e.headline},
            {"reasons", e.reasons},
            {"what_would_change", e.what_would_change}};
}

json result_json(const Project& project, const advisor::Request& req, const advisor::Result& result,
                 std::size_t top) {
    json recs = json::array();
    for (std::size_t i = 0; i < result.ranked.size() && i < top; ++i) {
        json c = candidate_json(result.ranked[i], req, i + 1);
        c["explanation"] =
            i < result.explanations.size() ? explanation_json(result.explanations[i]) : json();
        recs.push_back(c);
    }
    json pareto = json::array();
    for (std::size_t i : result.pareto) {
        pareto.push_back(candidate_json(result.ranked[i], req, i + 1));
    }
    json rejected = json::object();
    for (const auto& [reason, count] : result.stats.rejected) {
        rejected[reason] = count;
    }
    return {{"project", project.name},
            {"workload", req.workload.name},
            {"recommendations", recs},
            {"pareto", pareto},
            {"search",
             {{"candidates", result.stats.candidates},
              {"evaluated", result.stats.evaluated},
              {"skipped", result.stats.skipped},
              {"feasible", result.ranked.size()},
              {"seconds", result.stats.seconds},
              {"rejected", rejected}}},
            {"problems", result.problems},
            {"way_out", result.way_out}};
}

void print_text(std::ostream& out, const Project& project, const advisor::Request& req,
                const advisor::Result& result, std::size_t top) {
    out << project.name << "\nWorkload: " << req.workload.name << "\n\n";
    if (result.ranked.empty()) {
        for (const std::string& p : result.problems) {
            out << p << "\n";
        }
        for (const std::string& w : result.way_out) {
            out << "Way out: " << w << "\n";
        }
        return;
    }
    out << "score: 100 = the best; 50 = half as good on the weighted average of the criteria.\n"
        << "mean resp.: geometric mean of the response times over the load points"
        << " (per point in --json).\n"
        << "[speed tie]: its response time and the pick's differ by less than the model's 80% "
           "error in comparing two configurations.\n\n";
    out << std::left << std::setw(5) << "rank" << std::setw(7) << "score" << std::setw(12)
        << "mean resp." << std::setw(12) << "cost" << std::setw(10) << "usable" << std::setw(11)
        << "P(loss)"
        << "system\n";
    for (std::size_t i = 0; i < result.ranked.size() && i < top; ++i) {
        const Candidate& c = result.ranked[i];
        const std::string loss = format::probability(c.assessment.p_data_loss);
        out << std::left << std::setw(5) << i + 1 << std::setw(7)
            << advisor::score_text(result.ranked, i) << std::setw(12)
            << advisor::format_time(c.performance.mean_response_s) << std::setw(12)
            << (c.assessment.price_known
                    ? advisor::format_money(c.assessment.total_usd, req.constraints)
                    : std::string("unknown"))
            << std::setw(10) << advisor::format_capacity(c.assessment.usable_bytes) << std::setw(11)
            << loss << c.system.name << (c.pareto ? "  [Pareto]" : "")
            << (c.speed_tied_with_pick ? "  [speed tie]" : "") << "\n";
        for (const std::string& v : c.variants) {
            out << std::setw(57) << ""
                << "or: " << v << "\n";
        }
    }
    for (const advisor::Explanation& e : result.explanations) {
        out << "\n" << e.headline << "\n";
        for (const std::string& r : e.reasons) {
            out << "  - " << r << "\n";
        }
        for (const std::string& w : e.what_would_change) {
            out << "  > " << w << "\n";
        }
    }
    out << "\nSearched " << result.stats.candidates << " candidates (" << result.stats.evaluated
        << " model evaluations) in " << std::setprecision(3) << result.stats.seconds << " s; "
        << result.ranked.size() << " feasible, " << result.pareto.size()
        << " on the Pareto front.\n";
    for (const auto& [reason, count] : result.stats.rejected) {
        out << "  rejected " << count << ": " << reason << "\n";
    }
}

}  // namespace

int run_recommend(const std::vector<std::string>& args, const GlobalOptions& options) {
    const Command& self = command_named("recommend");
    std::map<std::string, std::string> values;
    const std::vector<std::string> rest = take_valued(args, {"--top"}, values, self);
    const ParsedArgs parsed = parse_command_args(rest, {"--json", "--exhaustive"}, self);
    if (parsed.positionals.size() != 1) {
        throw UsageError{parsed.positionals.empty() ? "recommend needs a project FILE"
                                                    : "recommend takes one project FILE",
                         self.synopsis};
    }
    const std::size_t top =
        values.count("--top")
            ? static_cast<std::size_t>(parse_count(values["--top"], "--top", 1, 1000, self))
            : 5;
    const std::filesystem::path file = parsed.positionals.front();
    const CommandProject loaded = load_command_project(file, options, self);
    const Catalog& catalog = loaded.catalog;
    const std::optional<Project>& project = loaded.project;
    if (!project || !has_advisor_or_report(*project, file, std::cerr)) {
        return kBadInput;
    }
    advisor::SearchOptions search;
    search.explain_top = static_cast<int>(std::min<std::size_t>(top, 10));
    search.exact_top = static_cast<int>(std::max<std::size_t>(top, 10));  // rows shown stay exact
    search.prune = !parsed.has("--exhaustive");
    const advisor::Result result = advisor::recommend(*project->advisor, catalog, search);
    if (parsed.has("--json")) {
        std::cout << result_json(*project, *project->advisor, result, top).dump(2) << "\n";
    } else {
        print_text(std::cout, *project, *project->advisor, result, top);
    }
    return std::cout.good() ? kOk : kFailure;
}

}  // namespace raidadv::cli
