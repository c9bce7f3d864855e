// The few functions of ICU's C API that the launch asks before its first
// frame, from the ICU that Foundation links (swift-foundation-icu, whose
// functions carry the prefix `swift_`). Declared here because the
// toolchain ships that library without its headers; the signatures are
// ICU's own (unicode/udat.h, unicode/unum.h), with its enums as int.
#ifndef GROCER_CICU_SHIM_H
#define GROCER_CICU_SHIM_H

#include <stdint.h>

typedef uint16_t GrocerUChar;
typedef struct GrocerUDateFormat GrocerUDateFormat;
typedef struct GrocerUNumberFormat GrocerUNumberFormat;

enum {
    GROCER_UDAT_LONG = 1,
    GROCER_UDAT_SHORT = 3,
    GROCER_UDAT_MONTHS = 1,
    GROCER_UDAT_SHORT_MONTHS = 2,
    GROCER_UDAT_WEEKDAYS = 3,
    GROCER_UDAT_SHORT_WEEKDAYS = 4,
    GROCER_UDAT_AM_PMS = 5,
    GROCER_UDAT_STANDALONE_MONTHS = 10,
    GROCER_UNUM_DECIMAL = 1,
    GROCER_UNUM_DECIMAL_SEPARATOR_SYMBOL = 0,
};

GrocerUDateFormat *swift_udat_open(int timeStyle, int dateStyle, const char *locale, const GrocerUChar *tzID,
                                   int32_t tzIDLength, const GrocerUChar *pattern, int32_t patternLength, int *status);
void swift_udat_close(GrocerUDateFormat *format);
int32_t swift_udat_toPattern(const GrocerUDateFormat *format, int8_t localized, GrocerUChar *result, int32_t resultLength,
                             int *status);
int32_t swift_udat_countSymbols(const GrocerUDateFormat *format, int type);
int32_t swift_udat_getSymbols(const GrocerUDateFormat *format, int type, int32_t symbolIndex, GrocerUChar *result,
                              int32_t resultLength, int *status);
int32_t swift_udat_format(const GrocerUDateFormat *format, double dateToFormat, GrocerUChar *result, int32_t resultLength,
                          void *position, int *status);

GrocerUNumberFormat *swift_unum_open(int style, const GrocerUChar *pattern, int32_t patternLength, const char *locale,
                                     void *parseError, int *status);
void swift_unum_close(GrocerUNumberFormat *format);
int32_t swift_unum_getSymbol(const GrocerUNumberFormat *format, int symbol, GrocerUChar *buffer, int32_t size,
                             int *status);

#endif
