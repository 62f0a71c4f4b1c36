/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal to the trace.dat reader: what its child process
 * (input/tracedat/tracedat_child.c) sends the parent (input/tracedat/tracedat.c) through a
 * pipe, one message per record used.
 */
#ifndef PMSCOPE_TRACEDAT_H
#define PMSCOPE_TRACEDAT_H

#include <stdint.h>
#include <sys/types.h>

#include "util.h"

/* comm is 16 bytes in the kernel; a file can say anything */
#define DAT_COMM_MAX 255

enum dat_kind {
	DM_TEXT = 1,	/* a record printed with its format: the text follows */
	DM_CB_START,	/* device_pm_callback_start: driver, device, parent, event */
	DM_CB_END,	/* device_pm_callback_end: driver, device; .val the error */
	DM_GRAPH_ENTRY,	/* funcgraph_entry: the function; .val the depth */
	DM_GRAPH_LEAF,	/* the same with its exit next: .dur rettime - calltime */
	DM_GRAPH_EXIT,	/* funcgraph_exit: .val the depth, .dur rettime - calltime */
	DM_PHASE,	/* suspend_resume: the action; .val, .begin */
	DM_END,		/* no more records: .status what iterating returned */
	DM_OPEN_FAILED,	/* .status errno */
	/* a compressed trace.dat could not be decompressed: why follows as
	 * the message's part[0]; .status E2BIG: it unpacked past the bound */
	DM_UNPACK_FAILED,
};

/* The longest reason a DM_UNPACK_FAILED carries. */
#define DAT_WHY_MAX 512

/* The events a DM_TEXT record is, by the name the ftrace reader knows. */
enum { DN_SR, DN_START, DN_END, DN_PRINT, DN_GENTRY, DN_GEXIT, DN_SCHED, DN_WAKING, DN_COUNT };
#define DAT_PARTS 4

struct dat_msg {
	uint8_t kind, name;	/* enum dat_kind; DN_* of a DM_TEXT */
	uint8_t begin;		/* DM_PHASE */
	uint8_t ctx;		/* the record's flags: 0 not known, 1 written
				 * in a task, 2 in a hardirq or softirq */
	uint8_t lost;		/* events of its CPU were lost before it */
	uint16_t comm_len;
	/* after the message: the comm, then the text or the strings of the
	 * fields, part[0] bytes, part[1] bytes ... */
	uint32_t part[DAT_PARTS];
	int32_t cpu, pid;
	uint64_t ts;
	uint64_t nrec;		/* records read so far: the "line" */
	int64_t val;
	uint64_t dur;		/* DAT_DUR_NONE: not known */
	int32_t status;
};

#define DAT_DUR_NONE UINT64_MAX

/* The child: reads @path with libtracecmd (a compressed one unpacked to
 * at most @max_unpacked bytes first), writes the messages to @wfd; its
 * exit status (input/tracedat/tracedat_child.c). */
int tracedat_child(const char *path, off_t size, uint64_t max_unpacked, int wfd);

/* Records into messages (input/tracedat/tracedat_decode.c). */
struct tep_handle;
struct tep_record;
struct dat_decoder;
struct dat_decoder *dat_decoder_new(struct tep_handle *tep);
/* @rec into @m (its kind, name, val, dur, begin) and @part; @next is the
 * next record of its CPU, or NULL. -1: not a record pmscope uses; 1:
 * @next went with it (a call without calls and its return); else 0. */
int dat_decode(struct dat_decoder *x, struct tep_record *rec, struct tep_record *next,
	       struct dat_msg *m, struct str *part);

#endif
