#!/usr/bin/env python3
# Writes the charset test pages of tests/cpp/test_charsets.cpp: for each case a
# page <id>.html in a legacy encoding (Python's codecs encode it), the text
# <id>.txt (UTF-8) it must give, and a line of cases.tsv: id, the charset
# sniff_charset must report, and how the charset is declared.
# Regenerate: python3 tests/charsets/make_cases.py
import os

HERE = os.path.dirname(os.path.abspath(__file__))

# id, Python codec, <meta> label ('' = none), expected sniffed charset, text.
# Texts pick characters that tell the standard's tables from stricter ones:
# CP932's FULLWIDTH TILDE and circled digits (Shift_JIS), a UHC-only syllable
# (EUC-KR is windows-949), a character only GB18030 has (four bytes), the euro
# sign of ISO-8859-15 at 0xA4.
CASES = [
    ('shift_jis', 'cp932', 'Shift_JIS', 'shift_jis', '日本語のページ、全角チルダ～と丸数字①②。'),
    ('sjis_label', 'cp932', 'x-sjis', 'shift_jis', 'カタカナとひらがな、漢字。'),
    ('euc_jp', 'euc_jp', 'EUC-JP', 'euc-jp', '東京都の天気は晴れです。'),
    ('iso_2022_jp', 'iso2022_jp', 'ISO-2022-JP', 'iso-2022-jp', 'メールの本文です。ASCII too.'),
    ('gb2312', 'gbk', 'gb2312', 'gbk', '中文网页的正文内容。'),
    ('gbk', 'gbk', 'GBK', 'gbk', '繁简字：龍与龙。'),
    ('gb18030', 'gb18030', 'gb18030', 'gb18030', '扩展字𠀀和€。'),
    ('big5', 'big5', 'big5', 'big5', '繁體中文的網頁內容。'),
    ('euc_kr', 'cp949', 'euc-kr', 'euc-kr', '한국어 웹 페이지, 똠방각하.'),
    ('ks_c_5601', 'cp949', 'ks_c_5601-1987', 'euc-kr', '서울의 날씨.'),
    ('windows_1250', 'cp1250', 'windows-1250', 'windows-1250', 'Zażółć gęślą jaźń.'),
    ('latin2', 'iso8859_2', 'latin2', 'iso-8859-2', 'Příliš žluťoučký kůň úpěl ďábelské ódy.'),
    ('iso_8859_15', 'iso8859_15', 'ISO-8859-15', 'iso-8859-15', 'Prix : 10 € ; œuvre.'),
    ('koi8_r', 'koi8_r', 'koi8-r', 'koi8-r', 'Съешь же ещё этих мягких французских булок.'),
    ('iso_8859_5', 'iso8859_5', 'ISO-8859-5', 'iso-8859-5', 'Кириллица в ISO-8859-5.'),
    ('ibm866', 'cp866', 'cp866', 'ibm866', 'Досовская кодировка.'),
    ('greek', 'iso8859_7', 'iso-8859-7', 'iso-8859-7', 'Ελληνικό κείμενο.'),
    ('windows_1253', 'cp1253', 'windows-1253', 'windows-1253', 'Καλημέρα κόσμε.'),
    ('turkish', 'cp1254', 'iso-8859-9', 'windows-1254', 'Türkçe metin: ğüşıöç İ.'),
    ('hebrew', 'cp1255', 'windows-1255', 'windows-1255', 'טקסט בעברית.'),
    ('arabic', 'cp1256', 'windows-1256', 'windows-1256', 'نص عربي.'),
    ('baltic', 'cp1257', 'windows-1257', 'windows-1257', 'Lietuvių kalba: ąčęėįšųūž.'),
    ('thai', 'cp874', 'tis-620', 'windows-874', 'ภาษาไทย'),
    ('macintosh', 'mac_roman', 'macintosh', 'macintosh', 'Mac: café — “quotes”.'),
    # Labels with their own decoders, for the table's mapping.
    ('latin1_label', 'cp1252', 'ISO-8859-1', 'windows-1252', 'Œuvre “déjà” vu.'),
    ('cp1251_label', 'cp1251', 'x-cp1251', 'windows-1251', 'Привет, мир.'),
]


# Pages that declare no charset (sniff_charset guesses from the bytes), and
# <meta> declarations past the first 1024 bytes: id, codec, expected sniffed
# charset, text, what goes before the text in <head>[, the text as rendered].
JA = ('東京は日本の首都であり、世界でも有数の大都市として知られています。'
      'この段落は、文字コードの推定を確かめるために書かれた日本語の文章です。')
ZH = '北京是中华人民共和国的首都，也是全国的政治、文化和国际交往中心，历史悠久，名胜古迹众多。'
ZH_T = '臺北是中華民國的首都，也是全國的政治、經濟與文化中心，擁有許多歷史悠久的古蹟和博物館。'
KO = '서울은 대한민국의 수도이며 정치, 경제, 사회, 문화의 중심지입니다. 이 문단은 문자 인코딩 추정을 확인하기 위한 한국어 문장입니다.'
RU = 'Москва является столицей России и крупнейшим по численности населения городом страны, её политическим и культурным центром.'
FR = ("Ça coûte très cher, déjà à Noël ; l'été où nous étions là-bas, les crêpes à la française étaient "
      "délicieuses et le café était servi chaud. Où est la bibliothèque ? À côté de l'hôtel de ville.")
DE = ('Größere Änderungen für Bürger: Die Straßenbahn fährt künftig öfter über die Brücke, und '
      'die Gebühren für Übernachtungen in Hotels steigen. Schöne Grüße aus München!')
EL = 'ΑΘΗΝΑ: ΕΙΔΗΣΕΙΣ ΤΗΣ ΗΜΕΡΑΣ. Η Αθήνα είναι η πρωτεύουσα της Ελλάδας και ένα από τα αρχαιότερα αστικά κέντρα του κόσμου.'
PL = 'Zażółć gęślą jaźń. Łódź jest trzecim co do wielkości miastem w Polsce, położonym w centralnej części kraju; ślimak źle się czuje.'
# Western text with what made early guesses misfire: no-break spaces and soft
# hyphens as raw bytes, and a script full of bytes that are letters elsewhere.
DE_NOISE = 'Inhalts\xadver\xadzeich\xadnis\xa0\xa0\xa0Beiträge über Fänge in der Schweiz, für Fischer.'
SCRIPT_NOISE = '<script>var ra = Array("' + '\xa6a\xb9b\xbac' * 40 + '");</script>'
PAD = '<!-- ' + 'x' * 1100 + ' -->'  # pushes a <meta> past the 1024-byte prescan
UNDECLARED = [
    ('nodecl_shift_jis', 'cp932', 'shift_jis', JA, ''),
    ('nodecl_euc_jp', 'euc_jp', 'euc-jp', JA, ''),
    ('nodecl_iso_2022_jp', 'iso2022_jp', 'iso-2022-jp', JA, ''),
    ('nodecl_gbk', 'gbk', 'gbk', ZH, ''),
    ('nodecl_big5', 'big5', 'big5', ZH_T, ''),
    ('nodecl_euc_kr', 'cp949', 'euc-kr', KO, ''),
    ('nodecl_cp1251', 'cp1251', 'windows-1251', RU, ''),
    ('nodecl_koi8_r', 'koi8_r', 'koi8-r', RU, ''),
    ('nodecl_french', 'cp1252', 'windows-1252', FR, ''),
    ('nodecl_german', 'cp1252', 'windows-1252', DE, ''),
    ('nodecl_greek', 'cp1253', 'windows-1253', EL, ''),
    ('nodecl_polish_1250', 'cp1250', 'windows-1250', PL, ''),
    ('nodecl_polish_iso', 'iso8859_2', 'iso-8859-2', PL, ''),
    ('nodecl_german_nbsp', 'cp1252', 'windows-1252', DE_NOISE, '',
     DE_NOISE.replace('\xad', '').replace('\xa0\xa0\xa0', ' ')),  # as rendered: soft hyphens dropped, spaces folded
    ('nodecl_script_noise', 'cp1252', 'windows-1252', FR, SCRIPT_NOISE),
    ('late_meta_gbk', 'gbk', 'gbk', ZH, PAD + '<meta charset="gb2312">'),
    ('late_meta_koi8', 'koi8_r', 'koi8-r', RU, PAD + '<meta http-equiv="content-type" content="text/html; charset=KOI8-R">'),
    # Valid UTF-8 with a stale late <meta>: a page saved as UTF-8; UTF-8 wins.
    ('late_meta_stale', 'utf-8', 'utf-8', ZH, PAD + '<meta charset="gb2312">'),
]


def write(name, data, binary):
    with open(os.path.join(HERE, name), 'wb' if binary else 'w', encoding=None if binary else 'utf-8') as f:
        f.write(data)


def main():
    lines = []
    for cid, codec, label, sniffed, text in CASES:
        meta = f'<meta http-equiv="Content-Type" content="text/html; charset={label}">' if cid.endswith('_label') \
            else f'<meta charset="{label}">'
        page = f'<!DOCTYPE html><html><head>{meta}</head><body><p>{text}</p></body></html>'
        write(f'{cid}.html', page.encode(codec), True)
        write(f'{cid}.txt', text, False)
        lines.append(f'{cid}\t{sniffed}\n')
    for cid, codec, sniffed, text, head, *rendered in UNDECLARED:
        page = f'<!DOCTYPE html><html><head>{head}</head><body><p>{text}</p></body></html>'
        write(f'{cid}.html', page.encode(codec), True)
        write(f'{cid}.txt', rendered[0] if rendered else text, False)
        lines.append(f'{cid}\t{sniffed}\n')
    # UTF-8 that is not valid UTF-8 all through, undeclared: a page cut inside
    # its last character (a crawler's size limit) and one with a stray Latin-1
    # byte. Both are still read as UTF-8 (the broken bytes as U+FFFD).
    cut = f'<!DOCTYPE html><html><body><p>{ZH}</p><p>{DE}</p><p>ü'.encode()[:-1]
    write('utf8_cut.html', cut, True)
    write('utf8_cut.txt', f'{ZH}\n{DE}\n\ufffd', False)
    lines.append('utf8_cut\tutf-8\n')
    stray = f'<p>{RU}</p><p>caf'.encode() + b'\xe9' + ' – naïve'.encode() + b'</p>'
    write('utf8_stray_byte.html', stray, True)
    write('utf8_stray_byte.txt', f'{RU}\ncaf\ufffd – naïve', False)
    lines.append('utf8_stray_byte\tutf-8\n')
    # Broken input: a bad Shift_JIS pair before ASCII (U+FFFD, the ASCII
    # byte kept) and a lead byte cut by the end of the page.
    bad = '<meta charset=shift_jis><p>'.encode() + 'あ'.encode('cp932') + b'\x85\x41' + b'B' + b'\x82'
    write('shift_jis_broken.html', bad, True)
    write('shift_jis_broken.txt', 'あ\ufffdAB\ufffd', False)
    lines.append('shift_jis_broken\tshift_jis\n')
    write('cases.tsv', ''.join(['id\tsniffed\n'] + lines), False)


if __name__ == '__main__':
    main()
