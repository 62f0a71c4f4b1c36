// SPDX-License-Identifier: GPL-2.0
/*
 * Text from logs into XML and JSON. Logs hold anything: markup, control
 * bytes, broken UTF-8. XML 1.0 cannot carry most control characters at
 * all, and a JSON string inside a script element must not contain "</",
 * so both get replacements instead of the raw bytes.
 */
#include <stdio.h>

#include "timeline.h"

/* Length of the valid UTF-8 sequence at @s, 0 when invalid; its code
 * point in @cp. */
static size_t utf8_seq(const unsigned char *s, uint32_t *cp)
{
	size_t n, i;
	uint32_t v;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, v = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, v = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, v = s[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates, beyond U+10FFFF */
	if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10ffff)) ||
	    (v >= 0xd800 && v <= 0xdfff) || v == 0xfffe || v == 0xffff)
		return 0;
	*cp = v;
	return n;
}

size_t tl_text_len(const char *s)
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

void tl_put_xml(FILE *f, const char *s)
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

void tl_put_json(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t cp;

	if (!s) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	while (*p) {
		size_t k = utf8_seq(p, &cp);

		if (!k) {
			fputs("\\ufffd", f);
			p++;
			continue;
		}
		if (cp == '"' || cp == '\\')
			fprintf(f, "\\%c", (int)cp);
		else if (cp < 0x20 || cp == '<' || cp == '>' || cp == '&' || cp == 0x2028 ||
			 cp == 0x2029)
			fprintf(f, "\\u%04x", (unsigned)cp);
		else
			fwrite(p, 1, k, f);
		p += k;
	}
	fputc('"', f);
}
