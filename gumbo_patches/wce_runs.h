/* wce: text runs in Gumbo 0.10.1 (included by Gumbo's utf8.c, tokenizer.c and
   parser.c through 06-text-runs.patch; see README.md here). Gumbo's tokenizer
   hands the tree builder one token per input character; for plain text in a
   state where every character becomes the same kind of token and the tree
   builder does the same thing with each (append it to the pending text node),
   these functions consume the whole run at once, with the same bytes, source
   positions and parse-state changes as the one-by-one path. */
#ifndef WCE_GUMBO_RUNS_H_
#define WCE_GUMBO_RUNS_H_

#include <stdbool.h>
#include <stddef.h>

#include "gumbo.h"
#include "string_buffer.h"
#include "utf8.h"
#include "plain_run.h"

struct GumboInternalParser;

/* utf8.c: consumes the current character and the following ones while they
   are ASCII that decodes to itself without a parse error (not NUL, CR, DEL or
   an invalid control) and not one of `stops` (WCE_STOP_* bits); appends them
   to `out` and advances the iterator (positions as utf8iterator_next would).
   Returns the number of bytes consumed; sets *non_space when one of them is
   not HTML white space. Consumes nothing when the current character is not
   such a byte. */
size_t wce_utf8iterator_take_ascii(struct GumboInternalParser* parser, Utf8Iterator* iter,
                                   GumboStringBuffer* out, unsigned stops, bool* non_space);

/* utf8.c: consumes the current character and the following ones while they
   continue a tag name (attribute == false) or an attribute name without a
   parse error (printable ASCII but '/', '>'; for attributes also not '=',
   '"', '\'', '<'); appends them lowercased to `out`
   and advances the iterator as utf8iterator_next would. Returns the number of
   bytes consumed (0 when the current character is not such a byte). */
size_t wce_utf8iterator_take_name(struct GumboInternalParser* parser, Utf8Iterator* iter,
                                  GumboStringBuffer* out, bool attribute);

/* tokenizer.c: in the data, RCDATA, RAWTEXT, script data (also escaped and
   double-escaped) and PLAINTEXT states, with nothing buffered, consumes the
   characters that each would be emitted as a character or white-space token
   and appends them to `out`; stops before the first character that does
   anything else (markup, character reference, NUL, EOF). Returns whether it
   consumed anything; sets *non_space when a character token was among them. */
bool wce_lex_text_run(struct GumboInternalParser* parser, GumboStringBuffer* out, bool* non_space);

#endif
