// GNU extensions of the C library that Swift's Glibc module does not show (it is imported
// without _GNU_SOURCE); the wrappers are compiled with it. On other systems they fall back to
// the portable calls.
#ifndef C_STABLETEXT_SYSTEM_H
#define C_STABLETEXT_SYSTEM_H

#include <spawn.h>

/// pipe2(fds, O_CLOEXEC): both ends close on exec, set atomically (no other thread's spawn can
/// inherit them in between). 0 or -1 with errno.
int stabletext_pipe_cloexec(int fds[2]);

/// socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC): a connected pair whose ends close on exec.
/// 0 or -1 with errno.
int stabletext_socketpair_cloexec(int fds[2]);

/// Names the calling thread (at most 15 bytes are kept on Linux).
void stabletext_name_thread(const char *name);

/// Adds "close every descriptor from `lowest` up" to a spawn's file actions where the C library
/// has it (glibc 2.34 and later); 0 when added, -1 when the system has no such action.
int stabletext_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// openat(dirfd, name, O_PATH | O_DIRECTORY | O_CLOEXEC): a folder to look in by name, needing
/// only search permission as a path walk does (symbolic links followed). A descriptor or -1.
int stabletext_open_folder(int dirfd, const char *name);

/// Reads the next names of the open folder `fd` into `buffer` as Linux's getdents64 gives them
/// (records of inode, offset, record length, type and a NUL-terminated name, from byte 19):
/// the bytes read, 0 at the end, -1 on failure with errno set (ENOSYS where there is no such
/// call: the caller then lists with readdir).
long stabletext_read_folder(int fd, void *buffer, unsigned long size);

/// fnmatch(pattern, name, FNM_EXTMATCH, with FNM_PERIOD when `period`) on one path segment: `*`,
/// `?`, bracket expressions (POSIX classes included) and ksh's extended patterns (`+(a|b)`,
/// `@(…)`, `!(…)`, `*(…)`, `?(…)`), with `period` a leading `.` matched only by a `.` written in
/// the pattern; backslash escapes. 0 on a match, nonzero otherwise. FNM_EXTMATCH is glibc's;
/// elsewhere it is left out.
int stabletext_fnmatch_segment(const char *pattern, const char *name, int period);

/// glibc's allocator for a daemon of many sessions: blocks of `threshold` bytes and more are
/// mapped and unmapped on their own (a fixed threshold: glibc's own grows after the first free,
/// and then a session's large message stays in its thread's heap), and at most `arenas` heaps
/// (glibc's default is 8 a core, each up to 64 MiB). A no-op elsewhere.
void stabletext_bound_allocator(int threshold, int arenas);

/// The bytes the allocator has handed out and not had back (glibc's `mallinfo2().uordblks`,
/// every arena), for benchmarks that measure what a structure holds; -1 elsewhere.
long long stabletext_allocated_bytes(void);

#endif
