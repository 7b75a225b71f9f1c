# shellcheck shell=bash
# Debian/Ubuntu packages RAID Advisor needs to build, test and run. Sourced by run.sh and test.sh.

RAID_DEBIAN_PACKAGES=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev qt6-charts-dev libqt6sql6-sqlite libgl1-mesa-dev
    libsqlite3-dev sqlite3 nlohmann-json3-dev
    catch2 libbenchmark-dev
    xvfb xauth poppler-utils
    # fuzz targets (fuzz/, scripts/fuzz.sh): clang with the libFuzzer and sanitizer runtimes
    clang libclang-rt-dev
    # packaging test (tests/installer): cpack DEB with dpkg-shlibdeps, desktop and AppStream checks
    dpkg-dev file desktop-file-utils appstream
    # measured workloads (docs/measurements.md): fio runs in tests/measure; sysstat's iostat and
    # blktrace record what `workload import` reads
    fio sysstat blktrace
)

# raid_install_deps: installs whichever of RAID_DEBIAN_PACKAGES are missing (apt-get, through sudo
# when not root). Does nothing, and needs no network, when everything is already installed.
raid_install_deps() {
    if ! command -v dpkg-query >/dev/null 2>&1; then
        echo "deps: dpkg-query not found (not Debian/Ubuntu?); install these by hand if the build" \
            "fails: ${RAID_DEBIAN_PACKAGES[*]}" >&2
        return 0
    fi
    local missing=() pkg
    for pkg in "${RAID_DEBIAN_PACKAGES[@]}"; do
        if [[ "$(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null)" != "installed" ]]; then
            missing+=("$pkg")
        fi
    done
    if ((${#missing[@]} == 0)); then
        return 0
    fi
    local sudo=()
    if [[ "$(id -u)" != 0 ]]; then
        if ! command -v sudo >/dev/null 2>&1; then
            echo "deps: missing packages and no sudo; as root run: apt-get install ${missing[*]}" >&2
            return 1
        fi
        sudo=(sudo)
    fi
    echo "deps: installing ${missing[*]}" >&2
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update </dev/null
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y \
        "${missing[@]}" </dev/null
}
