// Peer-benchmark runner for the original Boilerpipe 1.2 (Debian libboilerpipe-java).
//
//   java -cp <build dir>:/usr/share/java/boilerpipe.jar:/usr/share/java/nekohtml.jar:/usr/share/java/xercesImpl.jar \
//        BoilerpipeRunner default|article|largest|keepall
//
// Reads one JSON object per line on stdin ({"id": ..., "html": ..., other keys ignored})
// and writes {"id", "text", "ms"} (plus "error" when the extractor threw) per line on
// stdout. "ms" is measured here, per page, around ExtractorBase.getText(String), which
// includes Boilerpipe's own parse (NekoHTML SAX). No dependency but Boilerpipe: the small
// JSON reader/writer below handles exactly the subset the driver (peers.py) sends.
import de.l3s.boilerpipe.extractors.ArticleExtractor;
import de.l3s.boilerpipe.extractors.DefaultExtractor;
import de.l3s.boilerpipe.extractors.ExtractorBase;
import de.l3s.boilerpipe.extractors.KeepEverythingExtractor;
import de.l3s.boilerpipe.extractors.LargestContentExtractor;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

public final class BoilerpipeRunner {
  private static ExtractorBase extractorFor(String name) {
    switch (name) {
      case "default": return DefaultExtractor.INSTANCE;
      case "article": return ArticleExtractor.INSTANCE;
      case "largest": return LargestContentExtractor.INSTANCE;
      case "keepall": return KeepEverythingExtractor.INSTANCE;
      default: return null;
    }
  }

  public static void main(String[] args) throws Exception {
    ExtractorBase extractor = args.length == 1 ? extractorFor(args[0]) : null;
    if (extractor == null) {
      System.err.println("usage: BoilerpipeRunner default|article|largest|keepall");
      System.exit(2);
    }
    // The protocol owns stdout; anything a library prints goes to stderr.
    Writer out = new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8);
    System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true, "UTF-8"));
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 20);
    String line;
    while ((line = in.readLine()) != null) {
      if (line.isEmpty()) continue;
      Map<String, String> rec = new JsonObjectReader(line).readStringFields();
      String id = rec.getOrDefault("id", "");
      String html = rec.getOrDefault("html", "");
      String text = "";
      String error = null;
      long t0 = System.nanoTime();
      try {
        text = extractor.getText(html);
        if (text == null) text = "";
      } catch (Throwable e) {  // includes StackOverflowError on deep pages
        error = e.getClass().getSimpleName() + ": " + e.getMessage();
      }
      double ms = (System.nanoTime() - t0) / 1e6;
      StringBuilder sb = new StringBuilder(text.length() + 64);
      sb.append("{\"id\":");
      writeString(sb, id);
      sb.append(",\"text\":");
      writeString(sb, text);
      sb.append(",\"ms\":").append(ms);
      if (error != null) {
        sb.append(",\"error\":");
        writeString(sb, error);
      }
      sb.append("}\n");
      out.write(sb.toString());
      out.flush();
    }
  }

  /** JSON string literal, every non-ASCII character escaped (so the output is plain ASCII). */
  private static void writeString(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); ++i) {
      char c = s.charAt(i);
      switch (c) {
        case '"': sb.append("\\\""); break;
        case '\\': sb.append("\\\\"); break;
        case '\n': sb.append("\\n"); break;
        case '\r': sb.append("\\r"); break;
        case '\t': sb.append("\\t"); break;
        default:
          if (c < 0x20 || c > 0x7e) sb.append(String.format("\\u%04x", (int) c));
          else sb.append(c);
      }
    }
    sb.append('"');
  }

  /** Reads the string-valued top-level fields of one JSON object; other values are skipped. */
  private static final class JsonObjectReader {
    private final String s;
    private int i = 0;

    JsonObjectReader(String s) { this.s = s; }

    Map<String, String> readStringFields() {
      Map<String, String> m = new HashMap<>();
      ws();
      expect('{');
      ws();
      if (peek() == '}') return m;
      while (true) {
        ws();
        String key = string();
        ws();
        expect(':');
        ws();
        if (peek() == '"') m.put(key, string());
        else skipValue();
        ws();
        char c = s.charAt(i++);
        if (c == '}') return m;
        if (c != ',') throw new IllegalArgumentException("bad JSON at " + i);
      }
    }

    private char peek() { return s.charAt(i); }

    private void ws() {
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) ++i;
    }

    private void expect(char c) {
      if (s.charAt(i++) != c) throw new IllegalArgumentException("expected '" + c + "' at " + i);
    }

    private String string() {
      expect('"');
      StringBuilder sb = new StringBuilder();
      while (true) {
        char c = s.charAt(i++);
        if (c == '"') return sb.toString();
        if (c != '\\') { sb.append(c); continue; }
        char e = s.charAt(i++);
        switch (e) {
          case 'n': sb.append('\n'); break;
          case 't': sb.append('\t'); break;
          case 'r': sb.append('\r'); break;
          case 'b': sb.append('\b'); break;
          case 'f': sb.append('\f'); break;
          case 'u': sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; break;
          default: sb.append(e);  // " \ /
        }
      }
    }

    private void skipValue() {
      char c = peek();
      if (c == '"') { string(); return; }
      if (c == '{' || c == '[') {
        int depth = 0;
        while (true) {
          char d = s.charAt(i);
          if (d == '"') { string(); continue; }
          ++i;
          if (d == '{' || d == '[') ++depth;
          else if (d == '}' || d == ']') { if (--depth == 0) return; }
        }
      }
      while (i < s.length() && ",}] \t\r\n".indexOf(s.charAt(i)) < 0) ++i;  // number, true, false, null
    }
  }
}
