// pagesin: how much of a file is in the page cache, or drop it from there.
//   pagesin count FILE   prints resident_bytes total_bytes
//   pagesin evict FILE   asks the kernel to drop the file's clean pages
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: pagesin count|evict FILE\n"); return 2; }
    int fd = open(argv[2], O_RDONLY | O_CLOEXEC);
    if (fd < 0) { perror(argv[2]); return 2; }
    struct stat st;
    if (fstat(fd, &st) != 0) { perror("fstat"); return 2; }
    if (strcmp(argv[1], "evict") == 0) {
        fdatasync(fd);
        int rc = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
        if (rc != 0) { fprintf(stderr, "posix_fadvise: %s\n", strerror(rc)); return 1; }
        return 0;
    }
    long page = sysconf(_SC_PAGESIZE);
    size_t pages = (st.st_size + page - 1) / page;
    void *map = mmap(NULL, st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED) { perror("mmap"); return 2; }
    unsigned char *vec = malloc(pages);
    if (mincore(map, st.st_size, vec) != 0) { perror("mincore"); return 2; }
    size_t in = 0;
    for (size_t i = 0; i < pages; i++) in += vec[i] & 1;
    printf("%zu %lld\n", in * page, (long long)st.st_size);
    return 0;
}
