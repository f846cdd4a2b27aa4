// The lxml Cleaner baseline (core/src/extractors/lxml_cleaner.cpp): every
// element of the kill list goes with its content, everything else stays.
#include <gtest/gtest.h>

#include <string>

#include "test_util.hpp"

using namespace wce;
using wce::test::extract_with;
using Case = wce::test::PageCase;

TEST(LxmlCleaner, KillsTheBlacklistWithContent) {
  // Each killed element sits between two kept paragraphs.
  const char* killed[] = {
      "<nav><a href=/>Home</a></nav>", "<aside>side</aside>", "<footer>foot</footer>",
      "<form><p>in a form</p></form>", "<figure><figcaption>cap</figcaption></figure>",
      "<menu><li>m</li></menu>", "<object>obj</object>", "<iframe>frame</iframe>",
      "<p><time>today</time></p>", "<p><ins>inserted</ins></p>", "<p><label>lab</label></p>",
      "<fieldset><legend>leg</legend>field</fieldset>", "<select><option>opt</option></select>",
      "<button>btn</button>", "<textarea>area</textarea>", "<dialog>dlg</dialog>",
      "<p><marquee>scroll</marquee></p>", "<p><blink>blink</blink></p>", "<applet>app</applet>",
      "<svg><text>svg</text></svg>", "<math><mi>x</mi></math>", "<map><p>in map</p></map>",
"<p><output>out</output></p>", "<p><progress>50</progress></p>",
      "<video>vid</video>", "<audio>aud</audio>", "<canvas>can</canvas>", "<picture>pic</picture>",
  };
  for (const char* k : killed) {
    std::string out = extract_with("lxml_cleaner", std::string("<p>before</p>") + k + "<p>after</p>");
    EXPECT_EQ(out, "before\nafter") << k;
  }
}

TEST(LxmlCleaner, KeepsWhatIsNotListed) {
  const Case cases[] = {
      {"the head and its title go", "<title>T</title><p>body</p>", "body"},
      {"header is not on the list", "<header>head</header><p>body</p>", "head\nbody"},
      {"hidden text counts (no CSS)", "<p hidden>hidden</p><p>body</p>", "hidden\nbody"},
      {"main, article, section, tables stay",
       "<main><article><section><table><tr><td>cell</td></tr></table></section></article></main>", "cell"},
      {"ruby text goes, the base stays", "<p>base<ruby>r<rt>t</rt></ruby></p>", "baser"},
      {"links and lists stay", "<ul><li><a href=/x>link</a></li></ul>", "link"},
      {"a killed ancestor takes everything below", "<aside><div><p><b>deep</b></p></div></aside>x", "x"},
  };
  for (const auto& c : cases) EXPECT_EQ(extract_with("lxml_cleaner", c.html), c.expected) << c.what;
}

TEST(LxmlCleaner, FramesetPagesKeepNoFrameText) {
  EXPECT_EQ(extract_with("lxml_cleaner", "<frameset><frame src=a><noframes>no frames</noframes></frameset>"), "");
}
