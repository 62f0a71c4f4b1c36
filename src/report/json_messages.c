// SPDX-License-Identifier: GPL-2.0
/*
 * The log's words per callback in the JSON report: callbacks[].messages[]
 * and a cycle's said_error[] (pmscope(1)), from the messages analysis.
 */
#include "analysis.h"
#include "report.h"

void report_json_cb_messages(struct jw *w, const struct pm_run *run,
			     const struct cycle_results *cr, size_t cb)
{
	const struct cb_msg *m;
	size_t i, n = cb_msgs(&cr->msgs, cb, &m);

	if (!n)
		return;
	jw_karr(w, "messages");
	for (i = 0; i < n; i++) {
		const struct pm_message *x = &cr->c->msgs[m[i].msg];

		jw_obj(w);
		jw_kstr(w, "source", msg_file(run, x));
		jw_kint(w, "line", x->line);
		jw_kns(w, "ts_ns", x->ts);
		jw_kstr(w, "driver", x->driver);
		jw_kstr(w, "device", x->device);
		jw_kstr(w, "text", x->text);
		jw_kstr(w, "relation", msg_rel_name(m[i].rel));
		jw_kbool(w, "error", m[i].error);
		if (x->alarm)
			jw_kbool(w, "alarm", true);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

void report_json_said_error(struct jw *w, const struct cycle_results *cr)
{
	size_t i;

	if (cr->c->msgs_cut)
		jw_kint(w, "messages_cut", (int64_t)cr->c->msgs_cut);
	if (!cr->msgs.nsaid_error)
		return;
	/* the callbacks of the cycle's log-said-error findings, by index */
	jw_karr(w, "said_error");
	for (i = 0; i < cr->msgs.nsaid_error; i++)
		jw_int(w, (int64_t)cr->msgs.said_error[i]);
	jw_arr_end(w);
}
