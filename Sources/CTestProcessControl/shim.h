#ifndef PASSCODE_CTESTPROCESSCONTROL_SHIM_H
#define PASSCODE_CTESTPROCESSCONTROL_SHIM_H

// The calls the test support's traced run needs that Swift's Glibc module cannot reach, for the tests and
// passcode-bench only (the shipped program never links them): ptrace(2) is variadic.
#include <signal.h>
#include <stddef.h>
#include <sys/ptrace.h>
#include <sys/types.h>

/// ptrace(2) PTRACE_TRACEME: asks to be traced by the parent (in the child between fork and exec); 0, or -1
/// with errno set.
static inline long passcode_trace_me(void) {
  return ptrace(PTRACE_TRACEME, 0, NULL, NULL);
}

/// ptrace(2) PTRACE_SETOPTIONS with PTRACE_O_TRACEEXIT: a traced child stops once more as it exits; 0, or -1
/// with errno set.
static inline long passcode_trace_stop_at_exit(pid_t pid) {
  return ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)(long)PTRACE_O_TRACEEXIT);
}

/// ptrace(2) PTRACE_CONT: resumes a stopped traced child, delivering `signal` (0 for none); 0, or -1 with errno
/// set.
static inline long passcode_trace_continue(pid_t pid, int signal) {
  return ptrace(PTRACE_CONT, pid, NULL, (void *)(long)signal);
}

/// The wait status of a child stopped at its exit under PTRACE_O_TRACEEXIT: status >> 8 equals this.
static inline int passcode_trace_exit_stop_status(void) {
  return SIGTRAP | (PTRACE_EVENT_EXIT << 8);
}

#endif
