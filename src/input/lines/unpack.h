/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Compressed inputs (input/lines/unpack*.c, gunzip.c): one stream read
 * from a file descriptor, decompressed as it is read. gzip goes through
 * zlib itself, which hands out every byte it decoded of a stream cut
 * short; xz, zstd and bzip2 through libarchive's raw format. Both
 * libraries are loaded the first time a compressed file is read: linked
 * at startup, libarchive and what it needs (libxml2, ICU, libstdc++ ...)
 * took 6.5 of the 16 ms every pmscope run spent before reading a byte,
 * and most inputs are plain text.
 */
#ifndef PMSCOPE_INPUT_UNPACK_H
#define PMSCOPE_INPUT_UNPACK_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Whether @m, a file's first @n bytes, starts a compressed stream. */
bool unpack_magic(const void *m, size_t n);

struct unpack;
/*
 * The stream on @fd, whose first @npre bytes were read already (@pre,
 * copied): nothing is sought, so pipes work. NULL, with why in @err, when
 * the library cannot be loaded.
 */
struct unpack *unpack_open(int fd, const void *pre, size_t npre, char *err, size_t errlen);
/* Up to @want decompressed bytes into @to: how many, 0 at the end, -1 on
 * an error (unpack_error()). */
ssize_t unpack_read(struct unpack *u, void *to, size_t want);
/* The file ended inside the compressed data: cut short. A gzip stream
 * then ends (0) after every byte decoded; the others fail (-1), their
 * last block lost with libarchive. */
bool unpack_cut(const struct unpack *u);
const char *unpack_error(const struct unpack *u);
void unpack_close(struct unpack *u);

/*
 * Tar (plain or compressed) and zip archives, as people attach them, are
 * read as folders (discover.c): a member's path is the archive's and its
 * own, "logs.tar.gz/dmesg.txt". Told by the name (@name, a file's base
 * name) or by a file's first bytes (@m, @n: 512 at least for tar).
 */
bool unpack_archive_named(const char *name);
bool unpack_archive_magic(const void *m, size_t n);
/* Each member of the archive on @fd, in its order: its name (@n bytes,
 * no "./" before nor "/" after) and whether it is a folder. 0, or -1
 * with why in @err. */
typedef void (*unpack_each_fn)(void *ctx, const char *name, size_t n, bool dir);
int unpack_list(int fd, unpack_each_fn each, void *ctx, char *err, size_t errlen);
/* Member @member's bytes of the archive on @fd, as unpack_open()'s. */
struct unpack *unpack_member(int fd, const char *member, char *err, size_t errlen);
/* The archive file @path runs through, allocated ("logs.zip" of
 * "logs.zip/run/dmesg.txt"), and where the member's name begins in it
 * (*@member); NULL when no file on the way is one. */
char *unpack_archive_of(const char *path, const char **member);

#endif
