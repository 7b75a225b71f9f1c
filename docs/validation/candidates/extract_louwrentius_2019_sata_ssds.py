#!/usr/bin/env python3
"""Extract louwrentius-2019-sata-ssds.measured.json (or, with --hdds,
louwrentius-2019-ahci-hdds.measured.json) from a clone of louwrentius/fio-plot.

Usage: extract_louwrentius_2019_sata_ssds.py FIO_PLOT_GIT_DIR [--hdds] > OUT.json
Reads the raw fio JSON files with `git show 11f6ae4b:<path>` (the data left the repository's
HEAD later). Copies every IOPS figure of iodepth x numjobs in {1,4,16,64}^2 and the mean
latency (lat_ns mean) at numjobs 1, for reads and writes; nothing is rounded but to 0.1 IOPS
and 0.0001 ms.
"""
import json
import sys

from fio_plot_data import grid_figures

CONFIGS = [
    ("Intel D3-S4610 480 GB (SSDSC2KG48) on the MicroServer Gen10's AHCI port",
     "HPMICROSERVERG10/SATA_AHCI_INTEL_D3-S4610_SSDSC2KG48", "AHCI, SATA 6 Gb/s"),
    ("Samsung PM883 480 GB (MZ7LH480) on the MicroServer Gen10's AHCI port",
     "HPMICROSERVERG10/SATA_AHCI_SAMSUNG_PM833_MZ7LH480HAHQ", "AHCI, SATA 6 Gb/s"),
    ("Intel D3-S4610 on the MicroServer Gen8's SATA 3 Gb/s port",
     "HPMICROSERVERG8/SATA300/INTELD3S4610", "AHCI, SATA 3 Gb/s"),
    ("Samsung 860 PRO on the MicroServer Gen8's SATA 3 Gb/s port",
     "HPMICROSERVERG8/SATA300/SAMSUNG860PRO", "AHCI, SATA 3 Gb/s"),
    ("Samsung PM883 on the MicroServer Gen8's SATA 3 Gb/s port",
     "HPMICROSERVERG8/SATA300/SAMSUNGPM833", "AHCI, SATA 3 Gb/s"),
    ("Intel D3-S4610 on an IBM M1015 (LSI SAS2008) HBA",
     "SERVER/IBM_M1015/INTEL_D3-S4610_SSDSC2KG48", "SAS HBA, SATA 6 Gb/s"),
    ("Samsung 860 PRO on an IBM M1015 (LSI SAS2008) HBA",
     "SERVER/IBM_M1015/SAMSUNG_860_PRO", "SAS HBA, SATA 6 Gb/s"),
    ("Samsung PM883 on an IBM M1015 (LSI SAS2008) HBA",
     "SERVER/IBM_M1015/SAMSUNG_PM883", "SAS HBA, SATA 6 Gb/s"),
]
GRID = [1, 4, 16, 64]
# The two disks on the MicroServer Gen10's AHCI ports: their grids stop at 32.
HDD_CONFIGS = [
    ("HGST 2.5-inch 7200 rpm 100 GB (HTS72101) on the MicroServer Gen10's AHCI port",
     "HPMICROSERVERG10/SATA_AHCI_HGST_HTS72101_100GB_7K2RPM", "AHCI"),
    ("Samsung SpinPoint F1 1 TB 7200 rpm on the MicroServer Gen10's AHCI port",
     "HPMICROSERVERG10/SATA_AHCI_SAMSUNGF1_1TB_7K2RPM", "AHCI"),
]
HDD_GRID = [1, 4, 16, 32]


def main():
    repo = sys.argv[1]
    hdds = "--hdds" in sys.argv[2:]
    configs, grid = (HDD_CONFIGS, HDD_GRID) if hdds else (CONFIGS, GRID)
    figures = []
    for config, folder, port in configs:
        def base_of(j, job, path, depth, jobs, read, port=port):
            opts = job["job options"]
            assert opts["bs"] == "4k" and opts["direct"] == "1"
            return {
                "level": "single drive", "drives": 1, "chunk_bytes": None,
                "port": port, "request_bytes": 4096,
                "read_fraction": 1.0 if read else 0.0, "random": True,
                "queue_depth": depth, "jobs": jobs,
                "runtime_s": int(opts["runtime"]), "device": opts["filename"],
                "fio": j["fio version"], "file": path, "measured_at": j["time"],
            }
        figures.extend(f for f, _, _ in grid_figures(repo, config, folder, grid, base_of,
                                                      "fio lat_ns mean converted to ms"))
    name = "louwrentius-2019-ahci-hdds" if hdds else "louwrentius-2019-sata-ssds"
    print(json.dumps({"study": name, "figures": figures}, indent=1))


main()
