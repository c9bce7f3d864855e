/* keyframe: how long a running program takes from a key to the frame it
 * draws, through an 80x24 pseudo-terminal (ptybench's spawn and wait_for).
 *
 *   keyframe READY RUNS KEYS1 TEXT1 KEYS2 TEXT2 -- CMD...
 *
 * Each run starts CMD, waits for READY and for the terminal to go quiet,
 * sends KEYS1 in one write and times until TEXT1 appears, waits for quiet
 * again, then does the same with KEYS2 and TEXT2. Prints the median and
 * the fastest of each, in milliseconds: "med1 min1 med2 min2".
 * KEYFRAME_PAUSE_MS (default 150): how long after READY the first keys
 * wait at least, as a person would before pressing a key.
 * KEYFRAME_BEFORE (optional): a shell command run after READY, before that
 * pause (another grocer writing to the store while the first screen shows).
 * Written for bench/groceries.sh; compiled with cc -lutil.
 */
#define main ptybench_main
#include "ptybench.c"
#undef main

int main(int argc, char **argv) {
    if (argc < 9 || strcmp(argv[7], "--") != 0) {
        fprintf(stderr, "usage: keyframe READY RUNS KEYS1 TEXT1 KEYS2 TEXT2 -- CMD...\n");
        return 2;
    }
    const char *ready = argv[1];
    int runs = atoi(argv[2]);
    const char *keys[2] = {argv[3], argv[5]}, *texts[2] = {argv[4], argv[6]};
    char **cmd = argv + 8;
    double *t[2] = {calloc(runs, sizeof(double)), calloc(runs, sizeof(double))};
    const char *pause_env = getenv("KEYFRAME_PAUSE_MS");
    int pause_ms = pause_env ? atoi(pause_env) : 150;
    const char *before = getenv("KEYFRAME_BEFORE");
    for (int i = 0; i < runs; i++) {
        int master;
        pid_t pid = spawn(cmd, &master);
        if (wait_for(master, ready, 30000, NULL) != 0) {
            fprintf(stderr, "keyframe: never saw \"%s\"\n", ready);
            return 1;
        }
        for (int k = 0; k < 2; k++) {
            if (k == 0) {
                if (before && system(before) != 0) {
                    fprintf(stderr, "keyframe: \"%s\" failed\n", before);
                    return 1;
                }
                double until = now_ms() + pause_ms;
                while (now_ms() < until) drain(master, 20);
            }
            drain(master, 150);
            double start = now_ms();
            if (write(master, keys[k], strlen(keys[k])) != (ssize_t)strlen(keys[k])) return 1;
            if (wait_for(master, texts[k], 30000, NULL) != 0) {
                fprintf(stderr, "keyframe: never saw \"%s\"\n", texts[k]);
                return 1;
            }
            t[k][i] = now_ms() - start;
        }
        finish(pid, master);
    }
    for (int k = 0; k < 2; k++) qsort(t[k], runs, sizeof(double), cmp);
    printf("%.2f %.2f %.2f %.2f\n", t[0][runs / 2], t[0][0], t[1][runs / 2], t[1][0]);
    return 0;
}
