#define _GNU_SOURCE
#include "CStableTextSystem.h"

#include <fcntl.h>
#include <fnmatch.h>
#include <sys/socket.h>
#include <pthread.h>
#include <unistd.h>
#include <errno.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int stabletext_socketpair_cloexec(int fds[2]) {
#if defined(__linux__)
  return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds);
#else
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) return -1;
  fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  return 0;
#endif
}

int stabletext_pipe_cloexec(int fds[2]) {
#if defined(__linux__)
  return pipe2(fds, O_CLOEXEC);
#else
  if (pipe(fds) != 0) return -1;
  fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  return 0;
#endif
}

void stabletext_name_thread(const char *name) {
#if defined(__linux__)
  char shortName[16];
  size_t i = 0;
  for (; name[i] != 0 && i < 15; i++) shortName[i] = name[i];
  shortName[i] = 0;
  pthread_setname_np(pthread_self(), shortName);
#elif defined(__APPLE__)
  pthread_setname_np(name);
#endif
}

int stabletext_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
  return posix_spawn_file_actions_addclosefrom_np(actions, lowest) == 0 ? 0 : -1;
#else
  (void)actions;
  (void)lowest;
  return -1;
#endif
}


int stabletext_open_folder(int dirfd, const char *name) {
#if defined(O_PATH)
  return openat(dirfd, name, O_PATH | O_DIRECTORY | O_CLOEXEC);
#else
  return openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
#endif
}

long stabletext_read_folder(int fd, void *buffer, unsigned long size) {
#if defined(__linux__) && defined(SYS_getdents64)
  return syscall(SYS_getdents64, fd, buffer, size);
#else
  (void)fd;
  (void)buffer;
  (void)size;
  errno = ENOSYS;
  return -1;
#endif
}

void stabletext_bound_allocator(int threshold, int arenas) {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, threshold);
  mallopt(M_ARENA_MAX, arenas);
#else
  (void)threshold;
  (void)arenas;
#endif
}

long long stabletext_allocated_bytes(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  struct mallinfo2 info = mallinfo2();
  return (long long)info.uordblks;
#else
  return -1;
#endif
}

int stabletext_fnmatch_segment(const char *pattern, const char *name, int period) {
  int flags = period ? FNM_PERIOD : 0;
#if defined(FNM_EXTMATCH)
  flags |= FNM_EXTMATCH;
#endif
  return fnmatch(pattern, name, flags);
}
