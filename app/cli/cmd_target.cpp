// `target FILE [--p95-ms MS] [--load-factor F] [--capacity-tb TB] [--years Y] [--failures N]
// [--json]`: what would it take to meet a target (core/advisor/target.h).

#include <charconv>
#include <cmath>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "advisor/explain.h"
#include "advisor/target.h"
#include "cli.h"

namespace raidadv::cli {

namespace {

using advisor::TargetAnswer;
using advisor::TargetOption;
using nlohmann::json;

/// A number given to `flag` (the whole text, '.' as the decimal point); UsageError otherwise.
double parse_number(const std::string& text, const std::string& flag, const std::string& allowed,
                    const Command& self) {
    double value = 0.0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end || !std::isfinite(value)) {
        throw UsageError{flag + " takes " + allowed + ", got '" + text + "'", self.synopsis};
    }
    return value;
}

/// The target from the flags; UsageError naming the flag for a bad value.
advisor::Target parse_target(std::map<std::string, std::string>& values, const Command& self) {
    namespace L = advisor::target_limits;
    const auto range = [](double lo, double hi) {
        std::ostringstream s;
        s << "a number from " << lo << " to " << hi;
        return s.str();
    };
    advisor::Target t;
    if (values.count("--p95-ms")) {
        t.p95_s = parse_number(values["--p95-ms"], "--p95-ms",
                               range(L::kMinP95Ms, L::kMaxP95Ms) + " (milliseconds)", self) /
                  1e3;
    }
    if (values.count("--load-factor")) {
        t.load_factor = parse_number(values["--load-factor"], "--load-factor",
                                     range(L::kMinLoadFactor, L::kMaxLoadFactor), self);
    }
    if (values.count("--capacity-tb")) {
        t.capacity_bytes =
            parse_number(values["--capacity-tb"], "--capacity-tb",
                         range(0.001, L::kMaxCapacityTb) + " (TB, 10^12 bytes)", self) *
            1e12;
    }
    if (values.count("--years")) {
        t.years = parse_number(values["--years"], "--years", range(0, L::kMaxYears), self);
    }
    if (values.count("--failures")) {
        t.failures = static_cast<int>(
            parse_count(values["--failures"], "--failures", 0, L::kMaxFailures, self));
    }
    advisor::TargetFieldNames names;
    names.p95 = "--p95-ms";
    names.load_factor = "--load-factor";
    names.capacity = "--capacity-tb";
    names.years = "--years";
    names.failures = "--failures";
    const std::vector<std::string> problems = advisor::check_target(t, names);
    if (!problems.empty()) {
        throw UsageError{problems.front(), self.synopsis};
    }
    return t;
}

json year_or_null(double years) {
    return std::isfinite(years) ? json(years) : json(nullptr);
}

json runs_out_json(const advisor::RunOut& r) {
    return {{"capacity_year", year_or_null(r.capacity_year)},
            {"load_year", year_or_null(r.load_year)}};
}

json option_json(const TargetOption& o, const advisor::Request& req) {
    const advisor::Candidate& c = o.candidate;
    const System& s = c.system;
    return {{"kind", o.kind},
            {"system", s.name},
            {"drive", s.drive.info.id},
            {"drives", s.total_drives()},
            {"level", std::string(to_string(s.layout.level))},
            {"controller", s.controller.info.id},
            {"cost_usd", c.assessment.total_usd},
            {"total_in_currency", c.assessment.total_usd / req.constraints.usd_per_currency_unit},
            {"extra_usd", o.extra_usd},
            {"within_budget", o.within_budget},
            {"p95_ms", o.p95_s * 1e3},
            {"usable_tb", c.assessment.usable_bytes / 1e12},
            {"failures_tolerated", c.assessment.failures_tolerated},
            {"changes", o.changes},
            {"runs_out", runs_out_json(o.runs_out)}};
}

json target_json(const advisor::Target& t) {
    return {{"p95_ms", t.p95_s > 0.0 ? json(t.p95_s * 1e3) : json(nullptr)},
            {"load_factor", t.load_factor},
            {"capacity_tb", t.capacity_bytes > 0.0 ? json(t.capacity_bytes / 1e12) : json(nullptr)},
            {"years", t.years >= 0.0 ? json(t.years) : json(nullptr)},
            {"failures", t.failures >= 0 ? json(t.failures) : json(nullptr)}};
}

json answer_json(const Project& project, const advisor::Request& req, const TargetAnswer& a) {
    json today = nullptr;
    if (a.has_pick) {
        today = {{"system", a.today.system.name}, {"cost_usd", a.today.assessment.total_usd},
                 {"meets", a.today_meets},        {"problem", a.today_problem},
                 {"p95_ms", a.today_p95_s * 1e3}, {"runs_out", runs_out_json(a.today_runs_out)}};
    }
    json options = json::array();
    for (const TargetOption& o : a.by_kind) {
        options.push_back(option_json(o, req));
    }
    return {{"project", project.name},
            {"workload", req.workload.name},
            {"target", target_json(a.target)},
            {"capacity_needed_tb", a.request.constraints.capacity_needed_bytes() / 1e12},
            {"failures_needed", a.request.constraints.min_failures_tolerated},
            {"today", today},
            {"answer", a.found ? option_json(a.cheapest, req) : json(nullptr)},
            {"options", options},
            {"meeting", a.meeting},
            {"search",
             {{"candidates", a.stats.candidates},
              {"evaluated", a.stats.evaluated},
              {"seconds", a.stats.seconds}}},
            {"problems", a.problems},
            {"assumptions", a.assumptions}};
}

/// A number as written ("3", "2.5", "0.001"): no padding zeros.
std::string plain(double value) {
    std::ostringstream s;
    s << value;
    return s.str();
}

std::string when(double years) {
    if (!std::isfinite(years)) {
        return "not within " + plain(advisor::target_limits::kMaxYears) + " years";
    }
    if (years <= 0.0) {
        return "already";
    }
    return "in " + format_value(years, 2) + " years";
}

std::string describe_target(const advisor::Target& t, const advisor::Request& applied) {
    std::ostringstream s;
    if (t.p95_s > 0.0) {
        s << "95th percentile under " << advisor::format_time(t.p95_s) << " at ";
    } else {
        s << "no saturation at ";
    }
    s << (t.load_factor == 1.0 ? std::string("today's load")
                               : plain(t.load_factor) + "x today's load");
    s << "; " << advisor::format_capacity(applied.constraints.capacity_needed_bytes()) << " usable";
    if (t.years >= 0.0) {
        s << " in " << plain(t.years) << " years";
    }
    s << "; survive " << applied.constraints.min_failures_tolerated << " drive failure(s)";
    return s.str();
}

void print_option(std::ostream& out, const TargetOption& o, const advisor::Request& req) {
    const advisor::Assessment& a = o.candidate.assessment;
    out << o.candidate.system.name << ", " << advisor::format_money(a.total_usd, req.constraints);
    if (o.extra_usd >= 0.0) {
        out << " (" << advisor::format_money(o.extra_usd, req.constraints) << " more";
    } else {
        out << " (" << advisor::format_money(-o.extra_usd, req.constraints) << " less";
    }
    out << (o.within_budget ? ")" : ", over the budget)") << "\n";
    for (const std::string& c : o.changes) {
        out << "  - " << c << "\n";
    }
    out << "  95th percentile " << advisor::format_time(o.p95_s) << " at the target's load; "
        << advisor::format_capacity(a.usable_bytes) << " usable; survives " << a.failures_tolerated
        << " drive failure(s)\n"
        << "  runs out: capacity " << when(o.runs_out.capacity_year) << ", load "
        << when(o.runs_out.load_year) << "\n";
}

void print_text(std::ostream& out, const Project& project, const advisor::Request& req,
                const TargetAnswer& a) {
    out << project.name << "\nTarget: " << describe_target(a.target, a.request) << "\n\n";
    if (a.has_pick) {
        out << "Today's pick: " << a.today.system.name << ", "
            << advisor::format_money(a.today.assessment.total_usd, req.constraints) << "\n  "
            << (a.today_meets ? "meets the target" : "does not meet it: " + a.today_problem)
            << "\n  runs out: capacity " << when(a.today_runs_out.capacity_year) << ", load "
            << when(a.today_runs_out.load_year) << "\n\n";
    } else {
        out << "The project's own question has no pick.\n\n";
    }
    if (a.found) {
        out << "Cheapest that meets it (" << a.cheapest.kind << "): ";
        print_option(out, a.cheapest, req);
        if (a.by_kind.size() > 1) {
            out << "\nThe cheapest of each other kind of change:\n";
            for (std::size_t i = 1; i < a.by_kind.size(); ++i) {
                out << a.by_kind[i].kind << ": ";
                print_option(out, a.by_kind[i], req);
            }
        }
    }
    for (const std::string& p : a.problems) {
        out << p << "\n";
    }
    out << "\nAssumptions:\n";
    for (const std::string& s : a.assumptions) {
        out << "  - " << s << "\n";
    }
    out << "\nSearched " << a.stats.candidates << " candidates (" << a.stats.evaluated
        << " model evaluations); " << a.meeting << " meet the target.\n";
}

}  // namespace

int run_target(const std::vector<std::string>& args, const GlobalOptions& options) {
    const Command& self = command_named("target");
    std::map<std::string, std::string> values;
    const std::vector<std::string> rest =
        take_valued(args, {"--p95-ms", "--load-factor", "--capacity-tb", "--years", "--failures"},
                    values, self);
    const ParsedArgs parsed = parse_command_args(rest, {"--json"}, self);
    if (parsed.positionals.size() != 1) {
        throw UsageError{parsed.positionals.empty() ? "target needs a project FILE"
                                                    : "target takes one project FILE",
                         self.synopsis};
    }
    if (values.empty()) {
        throw UsageError{
            "target needs at least one of --p95-ms, --load-factor, --capacity-tb, "
            "--years, --failures",
            self.synopsis};
    }
    const advisor::Target target = parse_target(values, self);
    const std::filesystem::path file = parsed.positionals.front();
    const CommandProject loaded = load_command_project(file, options, self);
    const std::optional<Project>& project = loaded.project;
    if (!project || !has_advisor_or_report(*project, file, std::cerr,
                                           ": a target changes the advisor's question")) {
        return kBadInput;
    }
    const advisor::Request& req = *project->advisor;
    const TargetAnswer answer = advisor::what_would_it_take(req, loaded.catalog, target);
    if (parsed.has("--json")) {
        std::cout << answer_json(*project, req, answer).dump(2) << "\n";
    } else {
        print_text(std::cout, *project, req, answer);
    }
    return std::cout.good() ? kOk : kFailure;
}

}  // namespace raidadv::cli
