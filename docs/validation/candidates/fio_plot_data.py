"""What the fio-plot extraction scripts share: the commit the raw fio JSON files are read at and
the walk over one folder's iodepth x numjobs grid (IOPS at every point, the mean latency at
numjobs 1, reads and writes), in the .measured.json figure format."""
import json
import subprocess

COMMIT = "11f6ae4b7f10f33b73883c26ec1126c011faa76a"


def fio_json(repo, path):
    """The raw fio JSON at `path` of louwrentius/fio-plot at COMMIT."""
    text = subprocess.run(["git", "-C", repo, "show", f"{COMMIT}:{path}"], check=True,
                          capture_output=True, text=True).stdout
    return json.loads(text)


def grid_figures(repo, config, folder, grid, base_of, latency_note):
    """The figures of `config` from benchmark_data/`folder`: base_of(j, job, path, depth, jobs,
    read) gives each figure's fields besides id, measured and unit. Yields (figure, j, job)."""
    for rw, word, key in (("randread", "read", "read"), ("randwrite", "write", "write")):
        for depth in grid:
            for jobs in grid:
                path = f"benchmark_data/{folder}/{rw}-{depth}-{jobs}.json"
                j = fio_json(repo, path)
                job = j["jobs"][0]
                opts = job["job options"]
                assert opts["iodepth"] == str(depth) and opts["numjobs"] == str(jobs)
                test = f"4 KiB random {word}, iodepth {depth} x numjobs {jobs}"
                base = base_of(j, job, path, depth, jobs, key == "read")
                yield ({"id": f"{config}|{test}", "measured": round(job[key]["iops"], 1),
                        "unit": "IOPS", **base}, j, job)
                if jobs == 1:
                    yield ({"id": f"{config}|{test}|mean latency",
                            "measured": round(job[key]["lat_ns"]["mean"] / 1e6, 4),
                            "unit": "ms", **base, "note": latency_note}, j, job)
