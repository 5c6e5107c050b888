#ifndef PASSCODE_CBENCHTRACE_SHIM_H
#define PASSCODE_CBENCHTRACE_SHIM_H

// Swift cannot call C variadic functions, and glibc declares ptrace(2) as `long ptrace(enum __ptrace_request, ...)`.
// passcode-bench uses these fixed-argument wrappers to stop a measured child at its exit and read its VmHWM
// (wait4's ru_maxrss is useless after fork/vfork from a large parent: exec records the parent's high-water mark).
#include <signal.h>
#include <stddef.h>
#include <sys/ptrace.h>
#include <sys/types.h>

/// Asks to be traced by the parent (called in the child between fork and exec); 0, or -1 with errno set.
static inline long passcode_bench_trace_me(void) {
  return ptrace(PTRACE_TRACEME, 0, NULL, NULL);
}

/// Makes a traced child stop once more when it exits; 0, or -1 with errno set.
static inline long passcode_bench_stop_at_exit(pid_t pid) {
  return ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)(long)PTRACE_O_TRACEEXIT);
}

/// Resumes a stopped traced child, delivering `signal` (0 for none); 0, or -1 with errno set.
static inline long passcode_bench_continue(pid_t pid, int signal) {
  return ptrace(PTRACE_CONT, pid, NULL, (void *)(long)signal);
}

/// The wait status of a child stopped at its exit under PTRACE_O_TRACEEXIT: status >> 8 equals this.
static inline int passcode_bench_exit_stop_status(void) {
  return SIGTRAP | (PTRACE_EVENT_EXIT << 8);
}

#endif
