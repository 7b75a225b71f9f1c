// document_save_helper PATH: saves a made-up project to PATH through atomicWrite(), prints
// "halfway" once half of it is written and flushed, then waits to be killed (SIGKILL), so that
// the test can check what a crash in the middle of a save leaves on disk.
#include <QByteArray>
#include <QString>
#include <chrono>
#include <cstdio>
#include <thread>

#include "atomic_write.h"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fputs("usage: document_save_helper PATH\n", stderr);
        return 2;
    }
    QByteArray bytes = "{\"format\": \"raid-advisor-project\", \"name\": \"";
    bytes += QByteArray(256 * 1024, 'x');  // large enough that half of it reaches the disk
    bytes += "\"}\n";
    const auto result = raidadv::document::atomicWrite(QString::fromLocal8Bit(argv[1]), bytes, [] {
        std::puts("halfway");
        std::fflush(stdout);
        for (;;) {
            std::this_thread::sleep_for(std::chrono::seconds(1));
        }
    });
    return result.ok ? 0 : 1;
}
