// Linux's epoll and timerfd, which the Swift Glibc module does not bring
// in: the loop's one wait on every source (GrocerApp's Mailbox) and the
// store watch's timers (StoreWatch), on the loop's own thread.
#ifndef GROCER_CLINUX_SHIM_H
#define GROCER_CLINUX_SHIM_H

#include <sys/epoll.h>
#include <sys/timerfd.h>

#endif
