// The report's risk and judgement sections: reliability and cost side by side, the sensitivity
// analysis the caller ran, the assumptions with how far to trust the model, and the validation
// studies as an appendix only when the caller ran them.

#include <algorithm>
#include <cmath>

#include "format/format.h"
#include "report_writer.h"
#include "units/units.h"

namespace raidadv::report::detail {

void reliability_cost_section(Writer& w, const ReportInput& in) {
    const advisor::Result& result = *in.result;
    const advisor::Request& r = *in.request;
    w.section(section_title(Section::ReliabilityCost));
    const std::size_t n = std::min<std::size_t>(5, result.ranked.size());
    if (n == 0) {
        w.block(tr("<p>No configuration to assess.</p>"));
        return;
    }
    w.block(QStringLiteral("<p>%1</p>")
                .arg(tr("Cost and reliability of the best %1, over a planning horizon of %2 "
                        "years. Reliability numbers are model estimates with stated "
                        "assumptions (section 7); mean-time-to-data-loss models are known to be "
                        "off by large "
                        "factors, so compare them rather than trust their absolute values.")
                         .arg(n)
                         .arg(num(r.constraints.horizon_years))));
    Table t;
    t.header << QString();
    for (std::size_t i = 0; i < n; ++i) {
        t.header << QStringLiteral("#%1").arg(i + 1);
    }
    t.right.assign(n + 1, true);
    t.right[0] = false;
    const auto add = [&](const QString& name, auto&& value) {
        QStringList row{name};
        for (std::size_t i = 0; i < n; ++i) {
            row << value(result.ranked[i].assessment);
        }
        t.rows.push_back(row);
    };
    using A = advisor::Assessment;
    // A row of costs only if some candidate pays something there; a part that costs nothing
    // (owned, on-board, bundled) says so instead of "$0".
    const auto cost_row = [&](const QString& name, double A::*field, const QString& none) {
        const bool any =
            std::any_of(result.ranked.begin(), result.ranked.begin() + n,
                        [&](const advisor::Candidate& c) { return c.assessment.*field > 0.0; });
        if (!any) {
            return;
        }
        add(name, [&](const A& a) {
            if (!a.price_known && a.*field <= 0.0) {
                return tr("unknown");
            }
            return a.*field > 0.0 ? money(a.*field, r) : none;
        });
    };
    add(tr("Total cost"),
        [&](const A& a) { return a.price_known ? money(a.total_usd, r) : tr("unknown"); });
    cost_row(tr("Drives"), &A::drives_usd, tr("none"));
    cost_row(tr("Controller"), &A::controller_usd, tr("owned or on-board"));
    cost_row(tr("RAID software"), &A::raid_software_usd, tr("included"));
    cost_row(tr("Drive bays"), &A::enclosure_usd, tr("owned"));
    if (r.include_power_cost) {
        cost_row(tr("Power over the horizon"), &A::power_usd, tr("none"));
    }
    cost_row(tr("Per usable TB"), &A::usd_per_usable_tb, tr("none"));
    add(tr("Usable capacity"), [](const A& a) { return capacity(a.usable_bytes); });
    add(tr("Power, drives active (W)"), [](const A& a) { return num(a.power_w); });
    add(tr("Drive failures survived"),
        [](const A& a) { return QString::number(a.failures_tolerated); });
    add(tr("Rebuild time"),
        [](const A& a) { return esc(format::long_duration(a.rebuild_time_s)); });
    add(tr("Mean time to data loss"),
        [](const A& a) { return esc(format::long_duration(a.mttdl_hours * units::hour)); });
    add(tr("P(read error during a rebuild)"),
        [](const A& a) { return probability(a.p_ure_during_rebuild); });
    add(tr("P(data loss over the horizon)"), [](const A& a) { return probability(a.p_data_loss); });
    w.block(t.html());
    QString legend;
    for (std::size_t i = 0; i < n; ++i) {
        legend += QStringLiteral("<br>#%1: %2").arg(i + 1).arg(esc(result.ranked[i].system.name));
    }
    w.block(QStringLiteral("<p style='font-size:8pt'>%1</p>").arg(legend.mid(4)));
}

namespace {

QString sensitivity_verdict(const advisor::SensitivityEntry& e) {
    if (!e.applicable) {
        return tr("does not apply");
    }
    if (!e.pick_changes) {
        return tr("<b>no change</b>");
    }
    if (!e.any_left) {
        return tr("<b>none of those examined</b>");
    }
    return tr("<b>changes</b> to #%1: %2").arg(e.new_pick_rank).arg(esc(e.new_pick));
}

}  // namespace

void sensitivity_section(Writer& w, const ReportInput& in) {
    const advisor::Result& result = *in.result;
    w.section(section_title(Section::Sensitivity));
    if (result.ranked.empty()) {
        w.block(tr("<p>No pick to re-examine.</p>"));
        return;
    }
    if (in.sensitivity == nullptr) {
        w.block(tr("<p>The sensitivity analysis was not run for this report.</p>"));
        return;
    }
    const advisor::Sensitivity& s = *in.sensitivity;
    int changes = 0;
    for (const advisor::SensitivityEntry& e : s.entries) {
        changes += e.pick_changes ? 1 : 0;
    }
    w.block(QStringLiteral("<p>%1</p>")
                .arg(tr("Each change of the question below was applied alone; the best %1 "
                        "candidates were re-measured by the model under it (workload changes) or "
                        "re-checked against it (budget, capacity) and re-ranked. %2 of %3 "
                        "changes would change the pick. A candidate ranked below %1 that might "
                        "win under a change is not seen here: search again to be sure.")
                         .arg(s.examined)
                         .arg(changes)
                         .arg(s.entries.size())));
    Table t;
    t.header = {tr("Change"), tr("The pick"), tr("Why")};
    t.widths = {30, 40, 30};
    for (const advisor::SensitivityEntry& e : s.entries) {
        t.rows.push_back({esc(e.change), sensitivity_verdict(e), esc(e.note)});
    }
    w.block(t.html());
    if (!result.explanations.empty() && !result.explanations.front().what_would_change.empty()) {
        w.heading(tr("Crossovers and budget steps found by the advisor"));
        w.list(result.explanations.front().what_would_change);
    }
}

void assumptions_section(Writer& w, const ReportInput& in) {
    const advisor::Result& result = *in.result;
    w.section(section_title(Section::Assumptions));
    if (!result.ranked.empty()) {
        w.heading(tr("Assumptions behind the pick's numbers"));
        w.list(result.ranked.front().assessment.assumptions);
        const advisor::Candidate& pick = result.ranked.front();
        if (!pick.stripe_rule.explanation.empty()) {
            w.block(QStringLiteral("<p>%1 %2</p>")
                        .arg(tr("Stripe unit:"), esc(pick.stripe_rule.explanation)));
        }
    }
    w.heading(tr("What the model does not do"));
    w.list({
        "A controller's cache holds a share of random reads equal to its size against the "
        "working set (uniform access, no hot spots); a drive's cache is modelled as read-ahead "
        "segments and a write cache whose number of held writes is estimated, not solved for.",
        "Mirror reads go to an idle copy, the one whose head is nearest in address; the "
        "shorter-queue choice under load is modelled for arrival rates, not for a fixed number "
        "of outstanding requests.",
        "A controller's write-back destage is assumed to keep the drive's queue full even at "
        "light load, which flatters random writes behind a write-back cache at low load.",
        "The 95th percentile comes from a gamma distribution with the response's mean and "
        "variance, not from a measured tail: within 25% of the request-level simulator's on "
        "84% of its test grid, but up to 61% off for writes held in the drives' own caches.",
        "Reliability assumes independent drive failures at a field-adjusted rate; correlated "
        "failures, firmware faults and operator error are not modelled.",
        "Prices are catalog prices in US dollars, each with the month it was recorded (the "
        "buying summary shows them): check current prices before ordering.",
        "The search covers the catalog's drives and controllers; hardware outside it is not "
        "considered. The user manual's chapter on the model describes it and its sources.",
    });
    w.heading(tr("How far to trust the model"));
    w.block(QStringLiteral("<p>%1</p>")
                .arg(tr("The model's figures are predictions, not measurements. It has been "
                        "checked against published measurements of real arrays, from 1990s "
                        "SCSI disk arrays to SATA and SAS RAID controllers, and its "
                        "percentiles against a request-by-request simulator (the limits "
                        "above). Differences of a few percent between configurations are within "
                        "its error. 'raid-advisor-cli validate' repeats the "
                        "comparisons; 'raid-advisor-cli report --validation' appends them to "
                        "this report.")));
    w.heading(tr("The search"));
    QString html = QStringLiteral("<p>%1</p>")
                       .arg(tr("%1 candidates enumerated, %2 model evaluations, %3 feasible, %4 "
                               "on the Pareto front, in %5 s. Rejected:")
                                .arg(result.stats.candidates)
                                .arg(result.stats.evaluated)
                                .arg(result.ranked.size())
                                .arg(result.pareto.size())
                                .arg(num(result.stats.seconds)));
    std::vector<std::string> rejected;
    for (const auto& [reason, count] : result.stats.rejected) {
        if (count == 0) {
            continue;
        }
        rejected.push_back(std::to_string(count) + ": " + reason);
    }
    w.block(html);
    w.list(rejected);
}

void validation_appendix(Writer& w, const ReportInput& in) {
    if (in.validation == nullptr) {
        return;
    }
    w.section(tr("Appendix: validation studies"), true);
    if (!in.validation_note.isEmpty()) {
        w.block(QStringLiteral("<p><i>%1</i></p>").arg(in.validation_note.toHtmlEscaped()));
    }
    const validation::ValidationReport& v = *in.validation;
    w.block(
        QStringLiteral("<p>%1</p>")
            .arg(tr("The model predicts every figure of %1 published studies from each "
                    "study's hardware profile. Median absolute error over the predicted "
                    "(not calibrated) figures: <b>%2 %</b> (the online-calculator rule of "
                    "thumb: %3 %). Conclusions of the studies reproduced: <b>%4 of %5</b>.")
                     .arg(v.studies.size())
                     .arg(num(v.median_abs_error_pct, 2), num(v.baseline_median_abs_error_pct, 2))
                     .arg(v.conclusions_reproduced)
                     .arg(v.conclusions_total)));
    Table t;
    t.header = {tr("Study"),
                tr("Predicted figures"),
                tr("Median |error| (%)"),
                tr("Rule of thumb (%)"),
                tr("Kendall's tau"),
                tr("Conclusions")};
    t.right = {false, true, true, true, true, true};
    for (const validation::StudyResult& s : v.studies) {
        int predicted = 0, baseline = 0, reproduced = 0;
        for (const validation::Figure& f : s.figures) {
            predicted += !f.calibration && std::isfinite(f.predicted) ? 1 : 0;
            baseline += !f.calibration && f.has_baseline() ? 1 : 0;
        }
        for (const validation::Conclusion& c : s.conclusions) {
            reproduced += c.reproduced ? 1 : 0;
        }
        t.rows.push_back(
            {esc(s.name), QString::number(predicted),
             predicted > 0 ? num(s.median_abs_error_pct, 2) : QStringLiteral("-"),
             baseline > 0 ? num(s.baseline_median_abs_error_pct, 2) : QStringLiteral("-"),
             std::isfinite(s.kendall_tau) ? fixed(s.kendall_tau, 2) : QStringLiteral("-"),
             tr("%1 of %2").arg(reproduced).arg(s.conclusions.size())});
    }
    w.block(t.html());
    w.heading(tr("Conclusions"));
    Table c;
    c.header = {tr("Study"), tr("Conclusion"), tr("Reproduced")};
    for (const validation::StudyResult& s : v.studies) {
        for (const validation::Conclusion& k : s.conclusions) {
            c.rows.push_back(
                {esc(s.name), esc(k.statement), k.reproduced ? tr("yes") : tr("<b>no</b>")});
        }
    }
    w.block(c.html());
    // A reader who sees "no" wants the reason next to it, not only in docs/validation.
    for (const validation::StudyResult& s : v.studies) {
        for (const validation::Conclusion& k : s.conclusions) {
            if (!k.reproduced) {
                w.block(QStringLiteral("<p><b>%1</b> (%2): %3</p>")
                            .arg(tr("Not reproduced"), esc(s.name), esc(k.evidence)));
            }
        }
    }
}

}  // namespace raidadv::report::detail
