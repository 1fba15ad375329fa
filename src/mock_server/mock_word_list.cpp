#include "mock_server/mock_word_list.h"

#include <array>

namespace aiperf::mock {
namespace {

constexpr std::array<std::string_view, 64> kWords = {
    " lorem",   " ipsum",    " dolor",    " sit",      " amet",     " consectetur", " adipiscing",
    " elit",    " sed",      " do",       " eiusmod",  " tempor",   " incididunt",  " ut",
    " labore",  " et",       " dolore",   " magna",    " aliqua",   " enim",        " ad",
    " minim",   " veniam",   " quis",     " nostrud",  " exercitation", " ullamco", " laboris",
    " nisi",    " aliquip",  " ex",       " ea",       " commodo",  " consequat",   " duis",
    " aute",    " irure",    " in",       " reprehenderit", " voluptate", " velit", " esse",
    " cillum",  " fugiat",   " nulla",    " pariatur", " excepteur", " sint",       " occaecat",
    " cupidatat", " non",    " proident", " sunt",     " culpa",    " qui",         " officia",
    " deserunt", " mollit",  " anim",     " id",       " est",      " laborum",     " at",
    " vero",
};

}  // namespace

std::span<const std::string_view> mock_words() { return kWords; }

}  // namespace aiperf::mock
