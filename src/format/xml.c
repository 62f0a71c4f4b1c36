// SPDX-License-Identifier: GPL-2.0
/*
 * Text from logs into XML. Logs hold anything: markup, control bytes,
 * broken UTF-8; XML 1.0 cannot carry most control characters at all, so
 * they get replacements instead of the raw bytes. (JSON strings: jw.c.)
 */
#include <stdio.h>

#include "format.h"

size_t text_chars(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = 0;
	uint32_t cp;

	while (p && *p) {
		size_t k = utf8_seq(p, &cp);

		p += k ? k : 1;
		n++;
	}
	return n;
}

void xml_put(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t cp;

	while (p && *p) {
		size_t k = utf8_seq(p, &cp);

		if (!k || (cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r')) {
			fputs("\xef\xbf\xbd", f);
			p += k ? k : 1;
			continue;
		}
		switch (cp) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		default: fwrite(p, 1, k, f);
		}
		p += k;
	}
}
