/**
 * The country list's data (src/form-model/countries.ts explains the encoding and reads it). In the form model because
 * both sides read it: the popup's address field (not in popup.js: it ships as countries.js beside it,
 * src/popup/countries-file.ts, fetched only when a form has an address field) and the provider, which shows a stored
 * country id back as the name the visitor chose (src/form-model/store.ts).
 */
export const COUNTRY_DATA =
  '164USA|286Aaland Islands|274Afghanistan|2Albania|Algeria|178American Samoa|Andorra|Angola|176Anguilla|175Antig' +
  'ua And Barbuda|Argentina|Armenia|179Aruba|Australia|Austria|Azerbaijan|Bahamas|Bahrain|Bangladesh|Barbados|Bel' +
  'arus|Belgium|Belize|Benin|Bermuda|Bhutan|Bolivia|325Bonaire, Saint Eustatius and Saba|Bosnia and Herzegovina|B' +
  'otswana|181Bouvet Island|Brazil|180Brunei Darussalam|Bulgaria|Burkina Faso|Burundi|Cambodia|Cameroon|Canada|Ca' +
  'pe Verde|Cayman Islands|Central African Republic|Chad|Chile|China|185Christmas Island|Colombia|204Comoros|Cong' +
  "o|183Cook Islands|268Costa Rica|275Cote D'Ivoire|40Croatia|276Cuba|298Curacao|Cyprus|Czech Republic|318Democra" +
  'tic Republic of the Congo|Denmark|Djibouti|289Dominica|187Dominican Republic|Ecuador|Egypt|El Salvador|Equator' +
  'ial Guinea|Eritrea|Estonia|Ethiopia|189Falkland Islands|191Faroe Islands|Fiji|Finland|France|193French Guiana|' +
  '277French Polynesia|56Gabon|Gambia|Georgia|Germany|Ghana|194Gibraltar|Greece|195Greenland|192Grenada|196Guadel' +
  'oupe|Guam|198Guatemala|270Guernsey|Guinea|65Guyana|200Haiti|Honduras|Hong Kong|Hungary|Iceland|India|Indonesia' +
  '|278Iran|279Iraq|74Ireland|323Isle of Man|Israel|Italy|202Jamaica|78Japan|288Jersey (Channel Islands)|Jordan|K' +
  "azakhstan|Kenya|203Kiribati|Kuwait|Kyrgyzstan|Lao People's Democratic Republic|Latvia|Lebanon|Lesotho|Liberia|" +
  '281Libya|90Liechtenstein|Lithuania|Luxembourg|208Macau|Macedonia|Madagascar|Malawi|Malaysia|Maldives|Mali|Malt' +
  'a|207Marshall Islands|210Martinique|Mauritania|212Mauritius|241Mayotte|Mexico|Moldova, Republic of|Monaco|Mong' +
  'olia|290Montenegro|294Montserrat|Morocco|Mozambique|242Myanmar|Namibia|Nepal|Netherlands|Netherlands Antilles|' +
  '213New Caledonia|New Zealand|Nicaragua|Niger|Nigeria|217Niue|214Norfolk Island|272North Korea|116Norway|Oman|P' +
  'akistan|222Palau|282Palestine|Panama|219Papua New Guinea|Paraguay|Peru|Philippines|221Pitcairn|Poland|Portugal' +
  '|126Qatar|315Republic of Kosovo|Reunion|Romania|Russia|Rwanda|205Saint Kitts and Nevis|206Saint Lucia|324Saint' +
  ' Martin|237Saint Vincent and the Grenadines|132Samoa (Independent)|227San Marino|255Sao Tome and Principe|Saud' +
  'i Arabia|Senegal|326Serbia|Seychelles|Sierra Leone|Singapore|302Sint Maarten|Slovakia|Slovenia|223Solomon Isla' +
  'nds|Somalia|South Africa|257South Georgia and the South Sandwich Islands|South Korea|311South Sudan|Spain|Sri ' +
  'Lanka|293Sudan|146Suriname|225Svalbard and Jan Mayen Islands|Swaziland|Sweden|Switzerland|285Syria|152Taiwan|2' +
  '60Tajikistan|Tanzania|Thailand|233Timor-Leste|Togo|232Tonga|234Trinidad and Tobago|Tunisia|Turkey|Turkmenistan' +
  '|287Turks & Caicos Islands|Uganda|161Ukraine|United Arab Emirates|262United Kingdom|Uruguay|165Uzbekistan|239V' +
  'anuatu|Vatican City State (Holy See)|Venezuela|Vietnam|Virgin Islands (British)|238Virgin Islands (U.S.)|188We' +
  'stern Sahara|Yemen|173Zambia|Zimbabwe';
