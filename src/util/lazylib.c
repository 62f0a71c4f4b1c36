// SPDX-License-Identifier: GPL-2.0
/*
 * Libraries loaded the first time they are needed (util.h): libarchive
 * for a compressed file, cairo for a PNG. Linked, they and what they need
 * were 30 of the 38 libraries loaded at every start, 11 of its 16 ms.
 */
#include <dlfcn.h>
#include <stdio.h>

#include "util.h"

static bool load(struct lazy_lib *l)
{
	void **fns = l->fns, *h;
	size_t i, n = 0;

	while (l->names[n])	/* a name per pointer of the table, before any is written */
		n++;
	if (n * sizeof(void *) != l->size) {
		snprintf(l->err, sizeof(l->err), "%s: %zu names for a table of %zu", l->soname, n,
			 l->size / sizeof(void *));
		return false;
	}
	if (!(h = dlopen(l->soname, RTLD_NOW | RTLD_LOCAL))) {
		snprintf(l->err, sizeof(l->err), "cannot load %s: %s", l->soname, dlerror());
		return false;
	}
	for (i = 0; i < n; i++)
		if (!(fns[i] = dlsym(h, l->names[i]))) {
			snprintf(l->err, sizeof(l->err), "%s: no %s", l->soname, l->names[i]);
			dlclose(h);
			return false;
		}
	return true;	/* the handle stays open: its functions are in use */
}

bool lazy_lib_load(struct lazy_lib *l)
{
	pthread_mutex_lock(&l->lock);
	if (!l->tried) {
		l->tried = true;
		l->ok = load(l);
	}
	pthread_mutex_unlock(&l->lock);
	return l->ok;
}
