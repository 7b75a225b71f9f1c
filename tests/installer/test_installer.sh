#!/usr/bin/env bash
# Packaging and installation test (run by CTest: tests/installer/CMakeLists.txt).
# Usage: test_installer.sh BUILD_DIR SOURCE_DIR
#  1. cpack DEB and TGZ from the built tree (into a temporary folder; no root needed);
#  2. dpkg-deb -I / -c: package name, Qt 6 dependencies, the files every installation needs;
#  3. dpkg -x the DEB and `cmake --install --prefix` the tree into temporary folders, and in each
#     run the installed raid-advisor-cli on an installed example, from outside the source tree,
#     with no catalog named in the environment;
#  4. desktop-file-validate and appstreamcli validate the installed desktop file and metainfo;
#  5. start the installed GUI (Xvfb if xvfb-run exists, else Qt's offscreen platform) on its
#     welcome page and on an installed example, each saving a screenshot.
set -euo pipefail

build=$(cd "$1" && pwd)
source_dir=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/raid-installer-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
unset RAID_ADVISOR_CATALOG

failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}
need() {
    if ! command -v "$1" >/dev/null 2>&1; then
        echo "FAIL: $1 not found (scripts/deps.sh installs it)" >&2
        exit 1
    fi
}
need cpack
need dpkg-deb
need desktop-file-validate
need appstreamcli

app_id=org.raidadvisor.RaidAdvisor
example=advisor-small-nas.json

# ---- 1. packages -------------------------------------------------------------------------------
echo "== cpack (DEB, TGZ)"
(cd "$build" && cpack -G "DEB;TGZ" -B "$work/packages" >"$work/cpack.log" 2>&1) || {
    cat "$work/cpack.log" >&2
    echo "FAIL: cpack" >&2
    exit 1
}
deb=$(ls "$work"/packages/*.deb)
tgz=$(ls "$work"/packages/*.tar.gz)
echo "   $(basename "$deb") $(stat -c %s "$deb") bytes; $(basename "$tgz") $(stat -c %s "$tgz") bytes"

# ---- 2. inspect the DEB -----------------------------------------------------------------------
echo "== dpkg-deb -I"
info=$(dpkg-deb -I "$deb")
echo "$info" | sed -n '/Package:/,$p'
grep -q '^ Package: raid-advisor$' <<<"$info" || fail "package name is not raid-advisor"
depends=$(grep '^ Depends:' <<<"$info" || true)
for package in libqt6widgets6 libqt6charts6 libqt6gui6 libqt6core6 libsqlite3-0; do
    grep -q "\\b$package\\b" <<<"$depends" || fail "Depends does not name $package: $depends"
done
grep -q '^ Architecture: ' <<<"$info" || fail "no Architecture field"

echo "== dpkg-deb -c"
contents=$(dpkg-deb -c "$deb" | awk '{print $6}')
for path in ./usr/bin/raid-advisor ./usr/bin/raid-advisor-cli \
    ./usr/share/raid-advisor/catalog.db \
    "./usr/share/raid-advisor/examples/$example" \
    ./usr/share/raid-advisor/examples/advisor-file-server-2007.json \
    ./usr/share/raid-advisor/validation/ \
    ./usr/share/raid-advisor/translations/ \
    "./usr/share/applications/$app_id.desktop" \
    "./usr/share/metainfo/$app_id.metainfo.xml" \
    ./usr/share/mime/packages/raid-advisor.xml \
    ./usr/share/icons/hicolor/16x16/apps/raid-advisor.png \
    ./usr/share/icons/hicolor/48x48/apps/raid-advisor.png \
    ./usr/share/icons/hicolor/256x256/apps/raid-advisor.png \
    ./usr/share/icons/hicolor/scalable/apps/raid-advisor.svg \
    ./usr/share/man/man1/raid-advisor-cli.1.gz; do
    grep -qxF "$path" <<<"$contents" || fail "the DEB lacks $path"
done
if grep -E '/(test_|raid-catalog-build|raid-advisor-bench)' <<<"$contents"; then
    fail "the DEB holds build or test programs"
fi
if grep -qF "$source_dir" <<<"$contents"; then
    fail "the DEB names the source tree"
fi

echo "== TGZ"
tgz_contents=$(tar -tzf "$tgz")
grep -q '/bin/raid-advisor-cli$' <<<"$tgz_contents" || fail "the TGZ lacks bin/raid-advisor-cli"
grep -q '/share/raid-advisor/catalog.db$' <<<"$tgz_contents" || fail "the TGZ lacks the catalog"

# ---- 3. installed programs ---------------------------------------------------------------------
echo "== dpkg -x and cmake --install --prefix"
dpkg -x "$deb" "$work/deb-root"
cmake --install "$build" --prefix "$work/prefix" >"$work/install.log" 2>&1 || {
    cat "$work/install.log" >&2
    fail "cmake --install --prefix"
}

# Runs `recommend --json` with the installed CLI in prefix $1 on its installed example, from a
# folder outside the source and build trees; checks that a recommendation came back.
check_cli() {
    local prefix=$1 out
    if ! out=$(cd "$work" && "$prefix/bin/raid-advisor-cli" recommend --top 1 --json \
        "$prefix/share/raid-advisor/examples/$example" 2>"$work/cli.err"); then
        cat "$work/cli.err" >&2
        fail "installed raid-advisor-cli recommend failed in $prefix"
        return
    fi
    grep -q '"recommendations"' <<<"$out" || fail "no recommendations from $prefix"
    grep -q '"level"' <<<"$out" || fail "the recommendation from $prefix names no RAID level"
    echo "   $prefix/bin/raid-advisor-cli recommend: ok"
    "$prefix/bin/raid-advisor-cli" --help | grep -qF "$prefix/share/raid-advisor/catalog.db" ||
        fail "raid-advisor-cli in $prefix does not default to its own catalog"
}
check_cli "$work/deb-root/usr"
check_cli "$work/prefix"
man_page="$work/prefix/share/man/man1/raid-advisor-cli.1.gz"
if [[ -f "$man_page" ]]; then
    zcat "$man_page" | grep -q '^\.SH NAME' || fail "the man page has no NAME section"
else
    fail "no installed man page"
fi

# ---- 4. desktop integration --------------------------------------------------------------------
echo "== desktop-file-validate, appstreamcli validate"
desktop-file-validate "$work/prefix/share/applications/$app_id.desktop" ||
    fail "desktop-file-validate"
appstreamcli validate --no-net "$work/prefix/share/metainfo/$app_id.metainfo.xml" ||
    fail "appstreamcli validate"
grep -q '^MimeType=application/x-raid-advisor-project;' \
    "$work/prefix/share/applications/$app_id.desktop" || fail "the desktop file lacks MimeType"
grep -q 'pattern="\*\.raidproj"' "$work/prefix/share/mime/packages/raid-advisor.xml" ||
    fail "the MIME type lacks *.raidproj"

# ---- 5. the installed GUI ----------------------------------------------------------------------
echo "== installed GUI"
run_gui() {
    if command -v xvfb-run >/dev/null 2>&1; then
        (cd "$work" && timeout 120 xvfb-run -a "$@")
    else
        (cd "$work" && QT_QPA_PLATFORM=offscreen timeout 120 "$@")
    fi
}
gui="$work/prefix/bin/raid-advisor"
if run_gui "$gui" --screenshot "$work/welcome.png" >"$work/gui.log" 2>&1 &&
    [[ -s "$work/welcome.png" ]]; then
    echo "   welcome page: $(stat -c %s "$work/welcome.png") bytes"
else
    cat "$work/gui.log" >&2
    fail "the installed GUI did not start (welcome page)"
fi
if run_gui "$gui" --screenshot "$work/example.png" \
    "$work/prefix/share/raid-advisor/examples/$example" >"$work/gui.log" 2>&1 &&
    [[ -s "$work/example.png" ]]; then
    echo "   $example opened and evaluated: $(stat -c %s "$work/example.png") bytes"
else
    cat "$work/gui.log" >&2
    fail "the installed GUI did not open $example"
fi
if [[ -n "${RAID_INSTALLER_SHOTS:-}" ]]; then
    mkdir -p "$RAID_INSTALLER_SHOTS"
    cp "$work"/*.png "$RAID_INSTALLER_SHOTS/"
fi

if ((failures > 0)); then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "installer: all checks passed"
