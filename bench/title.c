/* The reference for grocer's first frame: a minimal C ncurses program that
 * prints the same title, centred, and waits for a key. */
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <string.h>

int main(void) {
    const char *title = "Enter Today's Weight";
    setlocale(LC_CTYPE, "");
    initscr();
    raw();
    noecho();
    mvaddstr(1, (COLS - (int)strlen(title)) / 2, title);
    refresh();
    getch();
    endwin();
    return 0;
}
