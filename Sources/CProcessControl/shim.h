#ifndef PASSCODE_CPROCESSCONTROL_SHIM_H
#define PASSCODE_CPROCESSCONTROL_SHIM_H

// The few calls the SystemCalls layer needs that Swift's Glibc module cannot reach: prctl(2) and ptrace(2)
// are variadic,
// TIOCGPTN is a function-like macro Swift does not import, and pipe2, gettid and
// posix_spawn_file_actions_addclosefrom_np are GNU extensions that glibc's headers declare only under
// _GNU_SOURCE. Defining that here would change shared structures (fd_set) against the other C modules, so
// the three prototypes are declared as glibc's manual pages give them.
#include <spawn.h>
#include <sys/ioctl.h>
#include <signal.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/types.h>

extern int pipe2(int descriptors[2], int flags);
extern pid_t gettid(void);
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int lowest);

/// Returns the process's dumpable flag (0 or 1), or -1 with errno set.
static inline int passcode_get_dumpable(void) {
  return prctl(PR_GET_DUMPABLE, 0L, 0L, 0L, 0L);
}

/// Sets the process's dumpable flag; returns 0, or -1 with errno set.
static inline int passcode_set_dumpable(int value) {
  return prctl(PR_SET_DUMPABLE, (unsigned long)value, 0L, 0L, 0L);
}

/// pipe2(2): a pipe whose ends get `flags` (O_CLOEXEC, O_NONBLOCK) atomically; 0, or -1 with errno set.
static inline int passcode_pipe2(int descriptors[2], int flags) {
  return pipe2(descriptors, flags);
}

/// Adds "close every descriptor from `lowest` up" to spawn file actions; 0, or an error number.
static inline int passcode_spawn_add_close_from(posix_spawn_file_actions_t *actions, int lowest) {
  return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

/// ioctl(2) with TIOCGPTN: the number of the pseudo-terminal whose master side `descriptor` is; 0, or -1 with
/// errno set (ENOTTY for anything but a master).
static inline int passcode_pseudo_terminal_number(int descriptor, unsigned int *number) {
  return ioctl(descriptor, TIOCGPTN, number);
}

/// gettid(2): the calling thread's kernel identifier.
static inline int passcode_thread_identifier(void) {
  return (int)gettid();
}

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
