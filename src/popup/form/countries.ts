/**
 * The country list of the address field (spec 3.5: "about 240" id/name pairs): the provider's current list of 234
 * (USA 164, Afghanistan 274, Albania 2, Canada 30, United Kingdom 262, ...), as one compact string: "{id}{name}" items
 * joined by "|", in the provider's order (USA first). Kept as data in its own module so that it could move to a file
 * loaded on demand.
 */

const DATA =
  "164USA|286Aaland Islands|274Afghanistan|2Albania|3Algeria|178American Samoa|4Andorra|5Angola|176Anguilla|175An" +
  "tigua And Barbuda|6Argentina|7Armenia|179Aruba|8Australia|9Austria|10Azerbaijan|11Bahamas|12Bahrain|13Banglade" +
  "sh|14Barbados|15Belarus|16Belgium|17Belize|18Benin|19Bermuda|20Bhutan|21Bolivia|325Bonaire, Saint Eustatius an" +
  "d Saba|22Bosnia and Herzegovina|23Botswana|181Bouvet Island|24Brazil|180Brunei Darussalam|25Bulgaria|26Burkina" +
  " Faso|27Burundi|28Cambodia|29Cameroon|30Canada|31Cape Verde|32Cayman Islands|33Central African Republic|34Chad" +
  "|35Chile|36China|185Christmas Island|37Colombia|204Comoros|38Congo|183Cook Islands|268Costa Rica|275Cote D'Ivo" +
  "ire|40Croatia|276Cuba|298Curacao|41Cyprus|42Czech Republic|318Democratic Republic of the Congo|43Denmark|44Dji" +
  "bouti|289Dominica|187Dominican Republic|45Ecuador|46Egypt|47El Salvador|48Equatorial Guinea|49Eritrea|50Estoni" +
  "a|51Ethiopia|189Falkland Islands|191Faroe Islands|52Fiji|53Finland|54France|193French Guiana|277French Polynes" +
  "ia|56Gabon|57Gambia|58Georgia|59Germany|60Ghana|194Gibraltar|61Greece|195Greenland|192Grenada|196Guadeloupe|62" +
  "Guam|198Guatemala|270Guernsey|63Guinea|65Guyana|200Haiti|66Honduras|67Hong Kong|68Hungary|69Iceland|70India|71" +
  "Indonesia|278Iran|279Iraq|74Ireland|323Isle of Man|75Israel|76Italy|202Jamaica|78Japan|288Jersey (Channel Isla" +
  "nds)|79Jordan|80Kazakhstan|81Kenya|203Kiribati|82Kuwait|83Kyrgyzstan|84Lao People's Democratic Republic|85Latv" +
  "ia|86Lebanon|87Lesotho|88Liberia|281Libya|90Liechtenstein|91Lithuania|92Luxembourg|208Macau|93Macedonia|94Mada" +
  "gascar|95Malawi|96Malaysia|97Maldives|98Mali|99Malta|207Marshall Islands|210Martinique|100Mauritania|212Maurit" +
  "ius|241Mayotte|101Mexico|102Moldova, Republic of|103Monaco|104Mongolia|290Montenegro|294Montserrat|105Morocco|" +
  "106Mozambique|242Myanmar|107Namibia|108Nepal|109Netherlands|110Netherlands Antilles|213New Caledonia|111New Ze" +
  "aland|112Nicaragua|113Niger|114Nigeria|217Niue|214Norfolk Island|272North Korea|116Norway|117Oman|118Pakistan|" +
  "222Palau|282Palestine|119Panama|219Papua New Guinea|120Paraguay|121Peru|122Philippines|221Pitcairn|123Poland|1" +
  "24Portugal|126Qatar|315Republic of Kosovo|127Reunion|128Romania|129Russia|130Rwanda|205Saint Kitts and Nevis|2" +
  "06Saint Lucia|324Saint Martin|237Saint Vincent and the Grenadines|132Samoa (Independent)|227San Marino|255Sao " +
  "Tome and Principe|133Saudi Arabia|134Senegal|326Serbia|135Seychelles|136Sierra Leone|137Singapore|302Sint Maar" +
  "ten|138Slovakia|139Slovenia|223Solomon Islands|140Somalia|141South Africa|257South Georgia and the South Sandw" +
  "ich Islands|142South Korea|311South Sudan|143Spain|144Sri Lanka|293Sudan|146Suriname|225Svalbard and Jan Mayen" +
  " Islands|147Swaziland|148Sweden|149Switzerland|285Syria|152Taiwan|260Tajikistan|153Tanzania|154Thailand|233Tim" +
  "or-Leste|155Togo|232Tonga|234Trinidad and Tobago|156Tunisia|157Turkey|158Turkmenistan|287Turks & Caicos Island" +
  "s|159Uganda|161Ukraine|162United Arab Emirates|262United Kingdom|163Uruguay|165Uzbekistan|239Vanuatu|166Vatica" +
  "n City State (Holy See)|167Venezuela|168Vietnam|169Virgin Islands (British)|238Virgin Islands (U.S.)|188Wester" +
  "n Sahara|170Yemen|173Zambia|174Zimbabwe";

/** [id, name] pairs, parsed once on first use. */
let list: [string, string][] | undefined;

/** The countries as [id, name] pairs in display order. */
export const countries = (): [string, string][] =>
  (list ||= DATA.split('|').map((c) => {
    const m = /^(\d+)(.*)$/.exec(c)!;
    return [m[1], m[2]];
  }));
