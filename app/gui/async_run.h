#pragma once
// One kind of background work (a project run, a what-if search, the explanations of the top
// picks) run on a worker thread with the newest-wins rule: each start() supersedes the runs
// before it, and only the newest run's result reaches `done`, on the owner's thread. The
// QFutureWatcher + generation counter pattern, written once.

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>
#include <functional>
#include <utility>

namespace raidadv::gui {

template <typename Result>
class AsyncRun {
  public:
    /// Results are delivered on `owner`'s thread while `owner` lives (watchers are its children).
    explicit AsyncRun(QObject* owner) : owner_(owner) {}
    AsyncRun(const AsyncRun&) = delete;
    AsyncRun& operator=(const AsyncRun&) = delete;

    /// Runs `job` on a worker thread; `done(result)` follows unless a newer start() or a
    /// cancel() came first. Returns the run's id (see newest()).
    quint64 start(std::function<Result()> job, std::function<void(const Result&)> done) {
        const quint64 id = ++generation_;
        ++unfinished_;
        auto* watcher = new QFutureWatcher<Result>(owner_);
        QObject::connect(watcher, &QFutureWatcherBase::finished, owner_,
                         [this, watcher, id, done = std::move(done)] {
                             --unfinished_;
                             const Result result = watcher->result();
                             watcher->deleteLater();
                             if (id == generation_) {
                                 done(result);
                             }
                         });
        watcher->setFuture(QtConcurrent::run(std::move(job)));
        return id;
    }
    /// Drops the result of every run started so far (they still finish on their thread).
    void cancel() { ++generation_; }
    /// The id of the newest run (inside `done`: the run being delivered).
    quint64 newest() const { return generation_; }
    /// Runs started and not finished yet, superseded ones included.
    int unfinished() const { return unfinished_; }

  private:
    QObject* owner_;
    quint64 generation_ = 0;
    int unfinished_ = 0;
};

}  // namespace raidadv::gui
