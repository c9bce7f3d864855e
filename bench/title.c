/* The reference for grocer's first frame: a minimal C ncurses program that
 * prints the same title and today's date and time (grocer's en_US long
 * date, short time), centred, and waits for a key. */
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <string.h>
#include <time.h>

int main(void) {
    const char *title = "Enter Today's Weight";
    char date[64];
    time_t now = time(NULL);
    struct tm tm;
    setlocale(LC_CTYPE, "");
    localtime_r(&now, &tm);
    strftime(date, sizeof date, "%B %-d, %Y at %-I:%M %p", &tm);
    initscr();
    raw();
    noecho();
    mvaddstr(1, (COLS - (int)strlen(title)) / 2, title);
    mvaddstr(3, (COLS - (int)strlen(date)) / 2, date);
    refresh();
    getch();
    endwin();
    return 0;
}
