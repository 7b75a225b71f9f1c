#!/usr/bin/env python3
"""Mutation testing of RAID Advisor's core with the project's own list of mutants (issue 29).

Each mutant is a small, plausible slip in core/ code: (id, pattern, replacement, reason). The
pattern must occur exactly once in all of core/; the script finds the file itself (code moves
between files), so a mutant whose pattern is missing or ambiguous is reported as an error, never
silently skipped. For each mutant, in a separate git worktree of the commit under test
(build-mutate/tree, build folder build-mutate/tree/build, shared ccache): apply it, rebuild, run
`ctest --preset quick`; only when that passes, run every test the build has. A mutant is killed
when a test fails (the first failing test is reported), survives when everything passes, and is
an error when it does not compile or its pattern is not found.

Not part of CI (one rebuild and test run per mutant: about 1-3 minutes each on 2 cores).

Usage:
  nice python3 scripts/mutate.py                 # every mutant, results in build-mutate/
  python3 scripts/mutate.py --check              # only locate every pattern in this tree
  python3 scripts/mutate.py --list               # print the list
  nice python3 scripts/mutate.py --only ID,ID    # some mutants (e.g. survivors after a fix)
  nice python3 scripts/mutate.py --resume        # skip mutants already in results.jsonl
  python3 scripts/mutate.py --summary            # the table of what is recorded so far

Python 3 standard library only. docs/testing.md says how to read the result.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Mutant:
    id: str
    pattern: str
    replacement: str
    reason: str

    @property
    def folder(self) -> str:
        return self.id.split("-", 1)[0]


M = Mutant
# fmt: off
MUTANTS = [
    # components
    M("components-ssd-write-latency",
      "return {ssd.write_latency_s, pages * per_page_s};",
      "return {ssd.read_latency_s, pages * per_page_s};",
      "an SSD write holds a flash unit for the read latency"),
    M("components-seek-fallback-constant",
      "c = 3.0 * (tavg - t1);",
      "c = 2.0 * (tavg - t1);",
      "the linear fallback seek curve loses the factor that makes its mean the datasheet average"),
    M("components-ssd-partial-page",
      "const double pages = std::max(1.0, bytes / 4096.0);",
      "const double pages = bytes / 4096.0;",
      "a write smaller than a flash page costs less than a page"),
    M("components-mean-seek-sqrt-moment",
      "b * std::sqrt(span) * 8.0 / 15.0",
      "b * std::sqrt(span) * 2.0 / 3.0",
      "wrong E[sqrt D] for the seek distance density 2(1-x)"),
    M("components-media-rate-zone",
      "(hdd.media_rate_outer_Bps - hdd.media_rate_inner_Bps) * u;",
      "(hdd.media_rate_outer_Bps - hdd.media_rate_inner_Bps) * u * u;",
      "zoned media rate falls quadratically instead of linearly"),
    M("components-satf-exponent",
      "std::pow(std::clamp(candidates, 1.0, depth), 0.92)",
      "std::pow(std::clamp(candidates, 1.0, depth), 0.97)",
      "the fitted effective-candidates exponent drifts"),
    M("components-write-cache-window",
      "const double held = hdd.cache_bytes / std::max(512.0, bytes);",
      "const double held = hdd.cache_bytes / 2.0 / std::max(512.0, bytes);",
      "only half the drive buffer holds writes"),
    # layout
    M("layout-rmw-parity-bytes",
      "return 2.0 * row_bytes + parity_range * parity_alive;",
      "return row_bytes + parity_range * parity_alive;",
      "parity bytes of a small RAID 5/6 write forget the old data"),
    M("layout-mirror-read-choice",
      "return alive[static_cast<std::size_t>(((read_copy % n) + n) % n)];",
      "return alive[0];",
      "mirror reads always use the first copy"),
    M("layout-rmw-io-count",
      "const int rmw_ios = 2 * (k + parity_alive);",
      "const int rmw_ios = 2 * k + parity_alive;",
      "read-modify-write cost undercounted: the parity read is forgotten"),
    M("layout-mirror-tolerance",
      "return g.copies - 1;  // worst case: all copies of one block",
      "return g.copies;  // worst case: all copies of one block",
      "a mirror is said to survive losing every copy"),
    M("layout-mirror-data-drives",
      "return static_cast<double>(g.drives) / g.copies;",
      "return static_cast<double>(g.drives) / 2.0;",
      "n-way mirror capacity computed as a 2-way mirror"),
    M("layout-full-stripe-parity-bytes",
      "req.parity_bytes += parity_alive > 0 ? g.unit * data_per_row : 0.0;",
      "req.parity_bytes += parity_alive > 0 ? g.unit * g.group_drives : 0.0;",
      "full-stripe XOR counts the parity units as input"),
    M("layout-small-write-ios",
      "return 2 * (1 + g.parity_per_group);",
      "return 2 + g.parity_per_group;",
      "RAID 5/6 small-write penalty off by the parity reads"),
    M("layout-raid6-data-units",
      "g.data_units_per_row = g.drives - g.parity_per_group;",
      "g.data_units_per_row = g.drives - 1;",
      "RAID 6 rows hold one parity unit"),
    # workload
    M("workload-truncated-lognormal-mean",
      "if (kind == Kind::Lognormal && max_bytes <= 0.0) {",
      "if (kind == Kind::Lognormal) {",
      "the mean of a clamped lognormal ignores the clamp"),
    M("workload-uniform-midpoints",
      "out.push_back({min_bytes + (max_bytes - min_bytes) * (i + 0.5) / m, 1.0 / m});",
      "out.push_back({min_bytes + (max_bytes - min_bytes) * (i + 1.0) / m, 1.0 / m});",
      "uniform sizes discretized at slice ends, not midpoints"),
    M("workload-lognormal-min-clamp",
      "b = std::clamp(b, std::max(1.0, min_bytes), max_bytes);",
      "b = std::min(b, max_bytes);",
      "the lognormal's minimum is ignored"),
    M("workload-import-quantile",
      "const double h = static_cast<double>(x.size() - 1) * q;",
      "const double h = static_cast<double>(x.size()) * q;",
      "imported size percentiles index one past the sample"),
    M("workload-import-mean",
      "s.mean_bytes = s.total_bytes / static_cast<double>(x.size());",
      "s.mean_bytes = s.total_bytes / static_cast<double>(x.size() + 1);",
      "imported mean divides by n + 1"),
    # queueing
    M("queueing-pk-variability",
      "* (mean_s / c) * (1.0 + scv) / 2.0;",
      "* (mean_s / c) * (0.5 + scv) / 2.0;",
      "Pollaczek-Khinchine wait with a wrong variability term"),
    M("queueing-residual-service",
      "double residual = first_[k] > 0.0 ? second_[k] / (2.0 * first_[k]) : 0.0;",
      "double residual = first_[k] > 0.0 ? second_[k] / (1.5 * first_[k]) : 0.0;",
      "mean residual service E[B^2]/(2E[B]) mis-scaled in the closed solve"),
    M("queueing-think-time",
      "sol.response_mean = std::max(r.response, n / x - think);",
      "sol.response_mean = std::max(r.response, n / x);",
      "closed response time counts the think time"),
    M("queueing-nelson-tantawi",
      "(r + (1.0 - r) * 4.0 * rho / 11.0)",
      "(r + (1.0 - r) * 4.0 * rho / 12.0)",
      "Nelson-Tantawi fork-join constant mistyped"),
    M("queueing-exp-max-mean",
      "f.exp_mean = t.harmonic[k] - 1.0;",
      "f.exp_mean = t.harmonic[k];",
      "expected maximum of exponentials off by one mean"),
    M("queueing-sakasegawa-exponent",
      "std::pow(out.work, std::sqrt(2.0 * (c + 1.0)) - 2.0)",
      "std::pow(out.work, std::sqrt(2.0 * (c + 1.0)) - 1.0)",
      "Sakasegawa's exponent off by one"),
    # evaluate
    M("evaluate-host-parity-cpu",
      "w.cpu_s += host.raid_cpu_per_io_s * w.ops + r.array.parity_bytes / host.parity_cpu_Bps;",
      "w.cpu_s += host.raid_cpu_per_io_s * w.ops;",
      "software RAID's XOR costs no host CPU"),
    M("evaluate-controller-commands",
      "std::max(w.ops, 1.0 * r.pieces) / ctl.max_iops + w.disk_bytes / ctl.max_bandwidth_Bps;",
      "1.0 * r.pieces / ctl.max_iops + w.disk_bytes / ctl.max_bandwidth_Bps;",
      "the controller's command rate counts host requests, not disk I/Os"),
    M("evaluate-rotation-variance",
      "const double rotation_var = revolution * revolution / 12.0;",
      "const double rotation_var = revolution * revolution / 6.0;",
      "variance of a uniform rotational wait doubled"),
    M("evaluate-rewrite-wait",
      "return std::max(0.0, hdd_revolution_time(hdd) - transfer_s);",
      "return hdd_revolution_time(hdd);",
      "read-modify-write's rewrite waits a whole revolution, ignoring the transfer"),
    M("evaluate-degraded-rotation",
      "hdd_mean_random_seek(hdd, span) + 0.5 * hdd_revolution_time(hdd);",
      "hdd_mean_random_seek(hdd, span) + hdd_revolution_time(hdd);",
      "degraded-mode busy estimate waits a full revolution"),
    M("evaluate-controller-parity-engine",
      "ctl_s += r.array.parity_bytes / ctl.parity_Bps;",
      "ctl_s += 0.5 * r.array.parity_bytes / ctl.parity_Bps;",
      "hardware RAID parity engine twice as fast as its datasheet"),
    # reliability
    M("reliability-mttdl-members",
      "mttdl *= mttf_member / ((model.members - i) * mttr_hours);",
      "mttdl *= mttf_member / ((model.members - i + 1) * mttr_hours);",
      "MTTDL product uses n instead of n - i"),
    M("reliability-critical-rate",
      "rate *= (model.members - i) * lambda_member * mttr_hours;",
      "rate *= model.members * lambda_member * mttr_hours;",
      "critical-state rate ignores the members already down"),
    M("reliability-member-mttf",
      "const double mttf_member = mttf_hours / std::max(1, model.drives_per_member);",
      "const double mttf_member = mttf_hours;",
      "a RAID 0+1 side fails as rarely as one drive"),
    M("reliability-rebuild-rate",
      "stands for the sweep.\n    return 0.5 * (drive.hdd.media_rate_outer_Bps + "
      "drive.hdd.media_rate_inner_Bps);",
      "stands for the sweep.\n    return drive.hdd.media_rate_outer_Bps;",
      "rebuild streams at the outer-zone rate throughout"),
    M("reliability-ure-bits",
      "const double bits = model.critical_read_drives * drive.capacity_bytes * 8.0;",
      "const double bits = model.critical_read_drives * drive.capacity_bytes;",
      "URE probability counts bytes as bits"),
    M("reliability-groups-in-series",
      "r.mttdl_hours = group_mttdl_hours(model, mttf, mttr_h) / model.groups;",
      "r.mttdl_hours = group_mttdl_hours(model, mttf, mttr_h);",
      "MTTDL of groups in series ignores the number of groups"),
    M("reliability-field-floor",
      "const double afr = std::max(scaled, rule.floor);",
      "const double afr = scaled;",
      "the field AFR floor is dropped"),
    M("reliability-raid6-critical-reads",
      "m.critical_read_drives = g.group_drives - g.parity_per_group;",
      "m.critical_read_drives = g.group_drives - 1;",
      "RAID 6 rebuild reads one drive too many"),
    # cost
    M("cost-owned-bays",
      "r.enclosure_usd = std::max(0, n - in.bays_owned) * in.enclosure_cost_per_bay_usd;",
      "r.enclosure_usd = (n - in.bays_owned) * in.enclosure_cost_per_bay_usd;",
      "enclosure cost goes negative when more bays are owned than used"),
    M("cost-idle-power",
      "(1.0 - duty_active_fraction) * drive.power_idle_w;",
      "drive.power_idle_w;",
      "idle power counted all the time"),
    M("cost-kwh",
      "units::year_hours * horizon_years / 1000.0 * usd_per_kwh;",
      "units::year_hours * horizon_years / 1024.0 * usd_per_kwh;",
      "kWh with a binary kilo"),
    M("cost-raid-software-level",
      "if (!in.raid_software_owned && s.layout.level != RaidLevel::Simple) {",
      "if (!in.raid_software_owned && s.layout.level != RaidLevel::Raid0) {",
      "RAID software charged for simple volumes instead of RAID 0"),
    M("cost-kusd-per-gb",
      "(price_usd / 1000.0) / (usable_bytes / 1e9)",
      "(price_usd / 1000.0) / (usable_bytes / 1073741824.0)",
      "Hauser's $/GB with a binary GB"),
    M("cost-usd-per-tb",
      "r.total_usd / (r.usable_bytes / 1e12)",
      "r.total_usd / (r.usable_bytes / 1e9)",
      "dollars per TB computed per GB"),
    # advisor
    M("advisor-dominance-loss",
      "const bool no_worse = ar <= br && ac <= bc && ap <= bp && au >= bu;",
      "const bool no_worse = ar <= br && ac <= bc && au >= bu;",
      "Pareto dominance ignores the data-loss probability"),
    M("advisor-rebuild-hours",
      "a.rebuild_time_s > c.max_rebuild_hours * 3600.0",
      "a.rebuild_time_s > c.max_rebuild_hours * 36000.0",
      "max_rebuild_hours compared in the wrong unit: long rebuilds pass"),
    M("advisor-power",
      "if (c.max_power_w > 0.0 && a.power_w > c.max_power_w) {",
      "if (c.max_power_w > 0.0 && a.power_w > 2.0 * c.max_power_w) {",
      "the power limit lets twice the power through"),
    M("advisor-failures",
      "if (failures_tolerated(layout) < c.min_failures_tolerated) {",
      "if (failures_tolerated(layout) + 1 < c.min_failures_tolerated) {",
      "fault tolerance check off by one"),
    M("advisor-capacity",
      "if (usable_bytes(layout, ctx.drives[p.drive].capacity_bytes) < ctx.capacity_needed) {",
      "if (usable_bytes(layout, ctx.drives[p.drive].capacity_bytes) < 0.5 * ctx.capacity_needed) {",
      "capacity check compares against half the need"),
    M("advisor-budget",
      "if (c.budget_usd > 0.0 && a.total_usd > c.budget_usd) {",
      "if (c.budget_usd > 0.0 && a.total_usd > 1.2 * c.budget_usd) {",
      "budget check lets 20% over through"),
    M("advisor-bays",
      "                c.max_drive_bays, max_attachable({req.host, drive, ctl, 0, enclosures, ctx.links}));",
      "                c.max_drive_bays + 2, max_attachable({req.host, drive, ctl, 0, enclosures, ctx.links}));",
      "the search uses two bays more than the enclosure has"),
    M("advisor-growth",
      "return capacity_bytes * std::pow(1.0 + growth_per_year, std::max(0.0, horizon_years));",
      "return capacity_bytes * (1.0 + growth_per_year * std::max(0.0, horizon_years));",
      "capacity growth simple instead of compound"),
    M("advisor-loss-floor",
      "constexpr double kLossProbabilityFloor = 1e-4;",
      "constexpr double kLossProbabilityFloor = 1e-2;",
      "ranking treats every loss risk below 1% as equal"),
    # catalog
    M("catalog-media-rate-order",
      "if (h.media_rate_inner_Bps > h.media_rate_outer_Bps) {\n            errors.push_back",
      "if (h.media_rate_inner_Bps > 2.0 * h.media_rate_outer_Bps) {\n            errors.push_back",
      "inner zone faster than the outer zone accepted"),
    M("catalog-stripe-order",
      "c.min_stripe_bytes > c.max_stripe_bytes) {\n        errors.push_back",
      "c.min_stripe_bytes > 2.0 * c.max_stripe_bytes) {\n        errors.push_back",
      "controller stripe range min > max accepted"),
    M("catalog-price-date",
      "if (e.spec.info.price_usd > 0.0 && e.spec.info.price_date.empty()) {",
      "if (e.spec.info.price_usd > 1e9 && e.spec.info.price_date.empty()) {",
      "a price without its date accepted"),
    M("catalog-capacity-unit",
      "real_column<E>(\"capacity_gb\", \"capacity_bytes\", u::GB, 0.001, 1e6,",
      "real_column<E>(\"capacity_gb\", \"capacity_bytes\", u::GiB, 0.001, 1e6,",
      "drive capacity read in GiB though the column says GB"),
    # project
    M("project-read-fraction-range",
      "r.number(k::read_fraction, {0, 1}, w.read_fraction, 1.0, need);",
      "r.number(k::read_fraction, {0, 2}, w.read_fraction, 1.0, need);",
      "a read fraction above 1 gets through the reader"),
    M("project-media-rate-order",
      "if (h.media_rate_inner_Bps > h.media_rate_outer_Bps) {\n        r.problem(",
      "if (h.media_rate_inner_Bps > 2.0 * h.media_rate_outer_Bps) {\n        r.problem(",
      "an inline drive with its inner zone faster than the outer one gets through the reader"),
    M("project-volumes-range",
      "r.integer(k::volumes, 1, kMaxVolumes, layout.volumes);",
      "r.integer(k::volumes, 0, kMaxVolumes, layout.volumes);",
      "zero volumes get through the reader"),
    M("project-capacity-unit",
      "r.number(k::capacity_gb, {0, kMaxCapacityGb}, c.capacity_bytes, 1e9, Need::Required);",
      "r.number(k::capacity_gb, {0, kMaxCapacityGb}, c.capacity_bytes, 1e6, Need::Required);",
      "advisor capacity read in MB"),
    M("project-growth-percent",
      "r.number(\"growth_percent_per_year\", {0, 1000}, c.growth_per_year, 0.01);",
      "r.number(\"growth_percent_per_year\", {0, 1000}, c.growth_per_year, 1.0);",
      "growth percent read as a fraction"),
    # sim
    M("sim-command-overhead",
      "const double tp = now + spec_.command_overhead_s;  // positioning starts after the command",
      "const double tp = now;  // positioning starts after the command",
      "simulated disk skips its command overhead"),
    M("sim-rotation-after-seek",
      "const double wait = frac(frac(revolutions(lba)) - angle(t + seek)) * rev_s_;",
      "const double wait = frac(frac(revolutions(lba)) - angle(t)) * rev_s_;",
      "simulated rotational wait measured before the seek"),
    M("sim-confidence-quantile",
      "student_t_quantile(0.5 + 0.5 * confidence,",
      "student_t_quantile(confidence,",
      "confidence interval uses the one-sided quantile"),
    M("sim-lognormal-sizes",
      "b = d.median_bytes * std::exp(d.sigma * rng.normal());",
      "b = d.median_bytes * std::exp(0.5 * d.sigma * rng.normal());",
      "simulated lognormal sizes with half the spread"),
    # validation
    M("validation-median-even",
      "return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);",
      "return values[n / 2];",
      "median of an even count takes the upper middle"),
    M("validation-baseline-rotation",
      "return 1.0 / (drive.hdd.seek_average_s + 0.5 * 60.0 / drive.hdd.rpm);",
      "return 1.0 / (drive.hdd.seek_average_s + 60.0 / drive.hdd.rpm);",
      "rule-of-thumb IOPS with a full revolution"),
    M("validation-baseline-write-penalty",
      "(read_fraction + penalty * (1.0 - read_fraction));",
      "(read_fraction + penalty * read_fraction);",
      "rule-of-thumb write penalty applied to reads"),
    M("validation-hauser-file-size",
      "constexpr double kMeanFileKB = 162.5;",
      "constexpr double kMeanFileKB = 160.0;",
      "Hauser's Bang numerator mistyped"),
    M("validation-kendall-ties",
      "std::sqrt((concordant + discordant + ties_a) * (concordant + discordant + ties_b));",
      "std::sqrt((concordant + discordant) * (concordant + discordant + ties_b));",
      "Kendall's tau-b forgets the ties of the measured side"),
]
# fmt: on

# Run with --all only: kept out of the default list so that one run fits in about an hour and a
# half on 2 cores.
EXTRA_IDS = {
    "components-media-rate-zone",
    "components-write-cache-window",
    "layout-raid6-data-units",
    "layout-full-stripe-parity-bytes",
    "workload-import-quantile",
    "queueing-exp-max-mean",
    "queueing-residual-service",
    "evaluate-controller-parity-engine",
    "evaluate-rotation-variance",
    "reliability-field-floor",
    "reliability-ure-bits",
    "cost-kusd-per-gb",
    "cost-raid-software-level",
    "cost-kwh",
    "advisor-growth",
    "advisor-loss-floor",
    "catalog-price-date",
    "project-growth-percent",
    "sim-lognormal-sizes",
    "sim-confidence-quantile",
    "validation-kendall-ties",
    "validation-baseline-write-penalty",
    "reliability-member-mttf",
}

FOLDERS = ["components", "layout", "workload", "queueing", "evaluate", "reliability", "cost",
           "advisor", "catalog", "project", "sim", "validation"]


def run(cmd, cwd, timeout=None, log=None):
    """Runs `cmd`, returns (exit code, combined output). Exit code 124 on timeout."""
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=timeout)
        out, code = p.stdout, p.returncode
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (
            e.stdout or "")
        out, code = out + "\n[timed out]\n", 124
    if log:
        with open(log, "a", encoding="utf-8") as f:
            f.write(f"$ {' '.join(cmd)}  (in {cwd}, exit {code})\n{out}\n")
    return code, out


def locate(tree: Path, mutant: Mutant):
    """(path, None) if the pattern occurs exactly once in core/, else (None, error)."""
    hits = []
    for path in sorted((tree / "core").rglob("*")):
        if path.suffix not in (".cpp", ".h") or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        count = text.count(mutant.pattern)
        if count:
            hits.append((path, count))
    total = sum(c for _, c in hits)
    if total == 0:
        return None, "pattern not found in core/"
    if total > 1:
        where = ", ".join(f"{p.relative_to(tree)} x{c}" for p, c in hits)
        return None, f"pattern not unique in core/ ({where})"
    return hits[0][0], None


FAILED_LINE = re.compile(r"^\s*\d+ - (.+?) \((Failed|Timeout|SEGFAULT|Subprocess aborted|"
                         r"Exception|Child aborted|Not Run|[A-Za-z ]+)\)\s*$")
STATUS_LINE = re.compile(r"Test\s+#\d+: (.+?) \.+\s*\*+(Failed|Timeout|Exception)")


def failing_tests(output: str):
    tests = []
    in_list = False
    for line in output.splitlines():
        if line.startswith("The following tests FAILED"):
            in_list = True
            continue
        if in_list:
            m = FAILED_LINE.match(line)
            if m:
                tests.append(m.group(1))
            elif line.strip() and not line.startswith(" ") and not line.startswith("\t"):
                in_list = False
    if not tests:
        tests = [m.group(1) for m in STATUS_LINE.finditer(output)]
    return tests


class Runner:
    def __init__(self, args, repo: Path):
        self.args = args
        self.repo = repo
        self.out_dir = Path(args.workdir).resolve()
        self.tree = self.out_dir / "tree"
        self.build = self.tree / "build"
        self.log = self.out_dir / "mutate.log"
        self.results_file = self.out_dir / "results.jsonl"

    def say(self, text):
        stamp = time.strftime("%H:%M:%S")
        print(f"[{stamp}] {text}", flush=True)

    def prepare(self):
        self.out_dir.mkdir(parents=True, exist_ok=True)
        rev = run(["git", "rev-parse", self.args.rev], self.repo)[1].strip()
        if not (self.tree / ".git").exists():
            code, out = run(["git", "worktree", "add", "--detach", str(self.tree), rev], self.repo,
                            log=self.log)
            if code:
                sys.exit(f"git worktree add failed:\n{out}")
        else:
            run(["git", "checkout", "--detach", "-f", rev], self.tree, log=self.log)
        run(["git", "checkout", "--", "."], self.tree, log=self.log)
        self.say(f"work tree {self.tree} at {rev[:10]}")
        configure = ["cmake", "--preset", "default", "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache",
                     f"-DRAID_BUILD_GUI={'ON' if self.args.gui else 'OFF'}",
                     "-DRAID_BUILD_BENCH=OFF"]
        code, out = run(configure, self.tree, log=self.log)
        if code:
            sys.exit(f"configure failed (see {self.log}):\n{out[-3000:]}")
        self.say("building the unmutated tree")
        code, out = self.build_tree()
        if code:
            sys.exit(f"the unmutated tree does not build (see {self.log}):\n{out[-3000:]}")
        self.say("running the quick preset on the unmutated tree")
        code, out = self.quick()
        if code:
            sys.exit("the unmutated tree fails `ctest --preset quick`: "
                     f"{failing_tests(out)} (see {self.log})")

    def build_tree(self):
        return run(["cmake", "--build", str(self.build), "--parallel", str(self.args.jobs)],
                   self.tree, timeout=3600, log=self.log)

    def quick(self):
        return run(["ctest", "--preset", "quick", "-j", str(self.args.jobs), "--stop-on-failure",
                    "--timeout", "600"], self.tree, timeout=3600, log=self.log)

    def full(self):
        return run(["ctest", "--test-dir", str(self.build), "-j", str(self.args.jobs),
                    "--stop-on-failure", "--timeout", "900"], self.tree, timeout=7200,
                   log=self.log)

    def record(self, result):
        with open(self.results_file, "a", encoding="utf-8") as f:
            f.write(json.dumps(result) + "\n")

    def try_mutant(self, mutant: Mutant):
        start = time.time()
        result = {"id": mutant.id, "reason": mutant.reason}
        path, error = locate(self.tree, mutant)
        if error:
            result.update(status="error", detail=error)
            return result
        result["file"] = str(path.relative_to(self.tree))
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(mutant.pattern, mutant.replacement, 1), encoding="utf-8")
        try:
            code, out = self.build_tree()
            if code:
                result.update(status="error", detail="does not compile")
            else:
                code, out = self.quick()
                stage = "quick"
                if code == 0 and not self.args.no_full:
                    code, out = self.full()
                    stage = "full"
                if code:
                    tests = failing_tests(out)
                    result.update(status="killed", stage=stage,
                                  killed_by=tests[0] if tests else f"ctest exit {code}")
                else:
                    result.update(status="survived", stage=stage)
        finally:
            path.write_text(text, encoding="utf-8")
        result["seconds"] = round(time.time() - start)
        return result


def summary(results):
    lines = []
    killed = [r for r in results if r["status"] == "killed"]
    survived = [r for r in results if r["status"] == "survived"]
    errors = [r for r in results if r["status"] == "error"]
    scored = len(killed) + len(survived)
    score = 100.0 * len(killed) / scored if scored else 0.0
    lines.append(f"mutants: {len(results)}, killed {len(killed)}, survived {len(survived)}, "
                 f"errors {len(errors)}; score {score:.0f}% of {scored}")
    lines.append("")
    lines.append("| mutant | file | result | killed by / why |")
    lines.append("|---|---|---|---|")
    for r in results:
        why = r.get("killed_by") or r.get("detail") or r["reason"]
        lines.append(f"| {r['id']} | {r.get('file', '')} | {r['status']}"
                     f"{' (' + r['stage'] + ')' if r.get('stage') else ''} | {why} |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--list", action="store_true", help="print the mutants and exit")
    ap.add_argument("--check", action="store_true",
                    help="locate every pattern in this checkout (no build) and exit")
    ap.add_argument("--only", default="", help="comma-separated mutant ids, run in that order")
    ap.add_argument("--all", action="store_true",
                    help="also the extra mutants (EXTRA_IDS) beyond the default list")
    ap.add_argument("--resume", action="store_true",
                    help="skip mutants already recorded in results.jsonl")
    ap.add_argument("--fresh", action="store_true",
                    help="forget the results recorded so far (results.jsonl is appended to)")
    ap.add_argument("--summary", action="store_true",
                    help="print the summary of the results recorded so far and exit")
    ap.add_argument("--no-full", action="store_true",
                    help="stop at the quick preset (a survivor there is reported as survived)")
    ap.add_argument("--gui", action="store_true", help="build and run the GUI tests too")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rev", default="HEAD", help="commit to mutate (default HEAD)")
    ap.add_argument("--workdir", default=None,
                    help="where the work tree, log and results go (default <repo>/build-mutate)")
    ap.add_argument("--remove", action="store_true", help="remove the work tree and exit")
    args = ap.parse_args()

    repo = Path(run(["git", "rev-parse", "--show-toplevel"], Path.cwd())[1].strip()
                or Path(__file__).resolve().parent.parent)
    if args.workdir is None:
        args.workdir = str(repo / "build-mutate")
    mutants = MUTANTS if args.all else [m for m in MUTANTS if m.id not in EXTRA_IDS]
    if args.only:
        wanted = set(args.only.split(","))
        unknown = wanted - {m.id for m in MUTANTS}
        if unknown:
            sys.exit(f"unknown mutant ids: {', '.join(sorted(unknown))}")
        by_id = {m.id: m for m in MUTANTS}
        mutants = [by_id[i] for i in dict.fromkeys(args.only.split(","))]  # in the order given

    ids = [m.id for m in MUTANTS]
    assert len(ids) == len(set(ids)), "duplicate mutant ids"
    assert EXTRA_IDS <= set(ids), f"unknown extra ids: {EXTRA_IDS - set(ids)}"
    assert all(m.folder in FOLDERS for m in MUTANTS), "mutant id must start with a core folder"

    if args.list:
        for m in mutants:
            print(f"{m.id}: {m.reason}")
        print(f"{len(mutants)} mutants over {len({m.folder for m in mutants})} folders")
        return 0
    if args.check:
        bad = 0
        for m in mutants:
            path, error = locate(repo, m)
            print(f"{m.id:40s} {error or path.relative_to(repo)}")
            bad += 1 if error else 0
        missing = [f for f in FOLDERS if f not in {m.folder for m in mutants}]
        if missing:
            print(f"folders without a mutant: {', '.join(missing)}")
        print(f"{len(mutants) - bad} of {len(mutants)} patterns found exactly once")
        return 1 if bad else 0
    runner = Runner(args, repo)
    if args.summary:
        recorded = {}
        if runner.results_file.exists():
            for line in runner.results_file.read_text(encoding="utf-8").splitlines():
                r = json.loads(line)
                recorded[r["id"]] = r
        print(summary([recorded[m.id] for m in mutants if m.id in recorded]))
        missing = [m.id for m in mutants if m.id not in recorded]
        if missing:
            print(f"\nnot run yet ({len(missing)}): {', '.join(missing)}")
        return 0
    if args.remove:
        run(["git", "worktree", "remove", "--force", str(runner.tree)], repo)
        return 0
    if args.fresh and runner.results_file.exists():
        runner.results_file.unlink()
    done = {}  # the latest result of each mutant recorded so far
    if runner.results_file.exists():
        for line in runner.results_file.read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            done[r["id"]] = r
    runner.prepare()
    results = []
    for i, m in enumerate(mutants, 1):
        if args.resume and m.id in done:
            results.append(done[m.id])
            continue
        runner.say(f"({i}/{len(mutants)}) {m.id}: {m.reason}")
        r = runner.try_mutant(m)
        runner.record(r)
        results.append(r)
        runner.say(f"    {r['status']} {r.get('killed_by') or r.get('detail') or ''}"
                   f" ({r.get('seconds', 0)} s)")
    text = summary(results)
    (runner.out_dir / "summary.md").write_text(text + "\n", encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
