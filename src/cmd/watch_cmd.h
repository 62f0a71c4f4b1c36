/* SPDX-License-Identifier: GPL-2.0 */
/* pmscope watch's pieces (cmd/watch*.c); the command is cmd_watch(). */
#ifndef PMSCOPE_WATCH_CMD_H
#define PMSCOPE_WATCH_CMD_H

#include "watch.h"

/* The hook's two calls (cmd/watch_hook.c): never fail, never block. */
void watch_pre(const struct capture_env *env, const char *verb);
void watch_post(const struct capture_env *env, const char *verb);
/* A sleep noted by pre and not yet by post, forgotten (disable). */
void watch_drop_pending(const struct capture_env *env);
int watch_status(const struct capture_env *env);

/* The saver of the note @path, started apart from the hook
 * (cmd/watch_spawn.c); 0 started, -1 and @err. */
int watch_spawn_saver(const struct capture_env *env, const struct watch_conf *wc,
		      const char *note, char *err, size_t errlen);
/* pmscope watch save NOTE: the saving within the budget. */
void watch_saver(const struct capture_env *env, const char *note);
/* The saving itself, in the saver's child (cmd/watch_saver.c): the run
 * folder, its reports, the store's bounds. Its exit status. */
int watch_save_work(const struct capture_env *env, const struct watch_conf *wc,
		    const char *note);

#endif
