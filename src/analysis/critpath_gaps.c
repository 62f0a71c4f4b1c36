// SPDX-License-Identifier: GPL-2.0
/*
 * Why each gap of a critical path is there (enum cp_gap_why): what its
 * neighbours on the path tell, and for a boot's user_init what the log's
 * milestones tell of user space.
 */
#include "analyses.h"

/*
 * A boot's user_init gap against systemd's banner on the root; CPG_NONE
 * when the log has none. user_init begins where init memory is freed, but
 * pid 1 is the kernel's until "Run /init": it still marks its data
 * read-only and checks for W+X mappings (the X13s's 6.13: freed at
 * 0.526751, "Checked W+X mappings" at 0.688336, /init at 0.690048). A gap
 * that ends before /init is no user space's.
 */
static enum cp_gap_why user_space(const struct pm_cycle *c, const struct pm_phase *ph,
				  const struct cp_segment *s)
{
	ns_t root = c->boot_marks[BM_SYSTEMD], init = c->boot_marks[BM_RUN_INIT];
	bool initrd = c->init_path && !strcmp(c->init_path, "/init");

	/* a banner before /init is no root's (the totals take none either) */
	if (c->mode != MODE_BOOT || ph->kind != PK_BOOT_USER || root == NS_NONE ||
	    (init != NS_NONE && root < init))
		return CPG_NONE;
	if (init != NS_NONE && s->start < init)
		return s->end > init ? CPG_KERNEL_USER : CPG_NONE;
	if (s->start >= root)
		return CPG_SYSTEMD;
	if (s->end > root)
		return initrd ? CPG_INITRD_SYSTEMD : CPG_SYSTEMD_STARTING_UP;
	return initrd ? CPG_INITRD : CPG_SYSTEMD_STARTING;
}

static enum cp_gap_why gap_why(const struct pm_cycle *c, const struct pm_phase *ph,
			       const struct cp_phase *p, size_t i)
{
	const struct cp_segment *a = i ? &p->segs[i - 1] : NULL;
	const struct cp_segment *b = i + 1 < p->nsegs ? &p->segs[i + 1] : NULL;
	enum cp_gap_why user = user_space(c, ph, &p->segs[i]);

	if (!a && p->segs[i].start == ph->start)
		return user != CPG_NONE ? user : CPG_PHASE_START;
	if (!b && p->segs[i].end == ph->end)
		return CPG_PHASE_END;
	if (a && b && cp_seg_pid(c, a) >= 0 && cp_seg_pid(c, a) == cp_seg_pid(c, b))
		return CPG_THREAD;
	return user != CPG_NONE ? user : CPG_UNEXPLAINED;
}

void cp_gap_reasons(const struct pm_cycle *c, struct cp_phase *p)
{
	const struct pm_phase *ph = &c->phases[p->phase];
	size_t i;

	for (i = 0; i < p->nsegs; i++)
		p->segs[i].why = p->segs[i].kind == CP_GAP ? gap_why(c, ph, p, i) : CPG_NONE;
}
