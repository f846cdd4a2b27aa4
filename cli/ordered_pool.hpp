// The batch commands' parallelism (`--threads N`): pages go to N worker
// threads and their results come back in input order, so the output is the
// same bytes as with one thread. At most `window` pages are in flight (read,
// waiting or being worked on, or done but not yet handed on): memory stays
// bounded however large the dataset, because the reader blocks until the
// oldest page is done.
//
// One producer thread calls submit() and finish(); the sink runs on that
// thread only, in submission order, so the output, stderr messages and the
// progress bar need no locks. With one thread there are no workers: submit()
// runs the work and the sink itself, as before --threads existed.
//
// An exception thrown by the work is handed to the producer when that page's
// turn comes (after every earlier page's result), rethrown from submit() or
// finish(); the workers are stopped and joined by the destructor.
#pragma once
#include <algorithm>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace wce::cli {

// Pages in flight per worker thread: enough that a slow page does not leave
// the other workers idle, small enough for memory (a page is ~100 kB of HTML).
constexpr size_t kPagesInFlightPerThread = 4;

// --threads 0 (the default): every core the system reports.
inline unsigned resolve_threads(unsigned requested) {
  if (requested > 0) return requested;
  return std::max(1u, std::thread::hardware_concurrency());
}

template <class In, class Out>
class OrderedPool {
 public:
  using Work = std::function<Out(In&)>;
  using Sink = std::function<void(Out&&)>;

  OrderedPool(unsigned threads, Work work, Sink sink)
      : work_(std::move(work)), sink_(std::move(sink)),
        window_(std::max<size_t>(1, threads) * kPagesInFlightPerThread) {
    if (threads <= 1) return;
    for (unsigned i = 0; i < threads; ++i) workers_.emplace_back([this] { worker(); });
  }
  OrderedPool(const OrderedPool&) = delete;
  OrderedPool& operator=(const OrderedPool&) = delete;
  ~OrderedPool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    work_ready_.notify_all();
    for (std::thread& t : workers_) t.join();
  }

  // Queues one input; blocks while the window is full, handing finished
  // results to the sink meanwhile (and right away when they are ready).
  void submit(In&& in) {
    if (workers_.empty()) {
      Out out = work_(in);
      sink_(std::move(out));
      return;
    }
    std::unique_lock<std::mutex> lock(mutex_);
    while (slots_.size() >= window_) drain_front(lock, /*wait=*/true);
    slots_.push_back(Slot{std::move(in), std::nullopt, nullptr, false});
    lock.unlock();
    work_ready_.notify_one();
    lock.lock();
    while (!slots_.empty() && slots_.front().done) drain_front(lock, /*wait=*/false);
  }

  // Hands every remaining result to the sink, in order.
  void finish() {
    if (workers_.empty()) return;
    std::unique_lock<std::mutex> lock(mutex_);
    while (!slots_.empty()) drain_front(lock, /*wait=*/true);
  }

 private:
  struct Slot {
    In in;
    std::optional<Out> out;
    std::exception_ptr error;
    bool done;
  };

  // Waits for the oldest slot (if `wait`), removes it and gives its result to
  // the sink without holding the lock.
  void drain_front(std::unique_lock<std::mutex>& lock, bool wait) {
    if (wait) done_.wait(lock, [this] { return slots_.front().done; });
    Slot slot = std::move(slots_.front());
    slots_.pop_front();
    --taken_;  // the oldest slot was taken by a worker: it is done
    lock.unlock();
    if (slot.error) std::rethrow_exception(slot.error);  // the lock is released; the caller's lock is not relocked
    sink_(std::move(*slot.out));
    lock.lock();
  }

  void worker() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      work_ready_.wait(lock, [this] { return stopping_ || taken_ < slots_.size(); });
      if (stopping_) return;
      // std::deque keeps references to its other elements valid across
      // push_back and pop_front, and a slot is popped only once done.
      Slot& slot = slots_[taken_++];
      lock.unlock();
      std::optional<Out> out;
      std::exception_ptr error;
      try {
        out.emplace(work_(slot.in));
      } catch (...) {
        error = std::current_exception();
      }
      lock.lock();
      slot.out = std::move(out);
      slot.error = error;
      slot.done = true;
      slot.in = In();  // free the input early (the page's HTML)
      done_.notify_all();
    }
  }

  Work work_;
  Sink sink_;
  const size_t window_;
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable work_ready_, done_;
  std::deque<Slot> slots_;  // in flight, oldest first
  size_t taken_ = 0;        // slots_[0, taken_) were taken by a worker
  bool stopping_ = false;
};

}  // namespace wce::cli
