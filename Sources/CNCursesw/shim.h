// The only C the terminal layer sees. Wide-character ncurses needs these
// defines before <curses.h>; macros and the stdscr global are wrapped in
// small inline functions because Swift cannot call or import them directly.
#ifndef GROCER_CNCURSESW_SHIM_H
#define GROCER_CNCURSESW_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <wchar.h>
#include <stdlib.h>
#include <ncursesw/curses.h>

static inline WINDOW *grocer_stdscr(void) { return stdscr; }
static inline int grocer_lines(void) { return LINES; }
static inline int grocer_cols(void) { return COLS; }
static inline int grocer_maxy(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)x; return y; }
static inline int grocer_maxx(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)y; return x; }
static inline attr_t grocer_a_bold(void) { return A_BOLD; }
static inline attr_t grocer_a_reverse(void) { return A_REVERSE; }
static inline attr_t grocer_a_underline(void) { return A_UNDERLINE; }
static inline attr_t grocer_a_dim(void) { return A_DIM; }
static inline attr_t grocer_a_normal(void) { return A_NORMAL; }
static inline int grocer_key_code_yes(void) { return KEY_CODE_YES; }
static inline int grocer_key_resize(void) { return KEY_RESIZE; }
static inline int grocer_key_f(int n) { return KEY_F(n); }
static inline int grocer_err(void) { return ERR; }
/* The next update repaints every cell (after a stop and continue). */
static inline int grocer_clear_all(void) { return clearok(curscr, TRUE); }
/* The C library's column width under the current LC_CTYPE. */
extern int wcwidth(wchar_t c);
static inline int grocer_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }
/* Draws one of ncurses' own line characters (Unicode in a UTF-8 locale,
   the terminal's ACS otherwise); `which` follows GrocerUI's LineGlyph. */
static inline int grocer_mvwadd_line(WINDOW *w, int y, int x, int which) {
    const cchar_t *c;
    switch (which) {
    case 0: c = WACS_HLINE; break;
    case 1: c = WACS_VLINE; break;
    case 2: c = WACS_ULCORNER; break;
    case 3: c = WACS_URCORNER; break;
    case 4: c = WACS_LLCORNER; break;
    case 5: c = WACS_LRCORNER; break;
    case 6: c = WACS_LTEE; break;
    case 7: c = WACS_RTEE; break;
    case 8: c = WACS_TTEE; break;
    case 9: c = WACS_BTEE; break;
    default: c = WACS_PLUS; break;
    }
    return mvwadd_wch(w, y, x, c);
}

#endif
