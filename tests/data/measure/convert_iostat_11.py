#!/usr/bin/env python3
"""Writes iostat-11-layout-from-12.6.1.txt: the real sysstat 12.6.1 recording
iostat-12.6.1-x-d-1-10.txt re-expressed in sysstat 11's `iostat -x` text layout ("Device:",
rrqm/s wrqm/s r/s w/s rkB/s wkB/s avgrq-sz avgqu-sz await r_await w_await svctm %util; avgrq-sz
in 512-byte sectors, iostat(1) of sysstat 11.x), with a decimal comma as in a de_DE locale. No
sysstat 11 is installable here, so this is a CONVERSION of a real recording, not a recording."""
import os

here = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(here, "iostat-12.6.1-x-d-1-10.txt")).read().splitlines()
out = []
cols = None
for line in src:
    f = line.split()
    if not f:
        out.append("")
        continue
    if f[0] == "Linux":
        out.append(line)
        continue
    if f[0] == "Device":
        cols = f[1:]
        out.append("Device:         rrqm/s   wrqm/s     r/s     w/s    rkB/s    wkB/s avgrq-sz "
                   "avgqu-sz   await r_await w_await  svctm  %util")
        continue
    v = dict(zip(cols, map(float, f[1:])))
    ios = v["r/s"] + v["w/s"]
    avgrq = (v["rkB/s"] + v["wkB/s"]) * 2 / ios if ios else 0.0
    wait = (v["r/s"] * v["r_await"] + v["w/s"] * v["w_await"]) / ios if ios else 0.0
    svctm = v["%util"] * 10 / ios if ios else 0.0
    nums = [v["rrqm/s"], v["wrqm/s"], v["r/s"], v["w/s"], v["rkB/s"], v["wkB/s"], avgrq,
            v["aqu-sz"], wait, v["r_await"], v["w_await"], svctm, v["%util"]]
    text = "%-13s %8.2f %8.2f %7.2f %7.2f %8.2f %8.2f %8.2f %8.2f %7.2f %7.2f %7.2f %6.2f %6.2f" % (
        f[0], *nums)
    out.append(text.replace(".", ","))
with open(os.path.join(here, "iostat-11-layout-from-12.6.1.txt"), "w") as fh:
    fh.write("\n".join(out) + "\n")
