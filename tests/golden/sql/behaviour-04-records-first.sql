-- widen compile: an empty table with 1 batch planned, rules <types.rules>
-- reads `batch` (a `value` column of JSON text, one line per row); writes 4 columns, then `_rescued`
-- `_rescued` is the line when it is not a JSON object, or when a value of it reaches no column (a field or
-- a shape the table has no column for, a value a guarded route refuses); the row keeps what has a column
-- (Spark resolves one level of nested lambdas per analysis pass: run `SET spark.sql.analyzer.maxIterations
-- = 1000` first for a table of nested records)
-- columns the batches add: a, a_string, a_array_long, a_array_string
WITH
-- each line as a map of its fields (null: the line is not a JSON object), and whether it may hold a number
--     Spark's parser keeps only as a double
lines AS (
  SELECT
    `value` AS `__widen_line`,
    try_variant_get(try_parse_json(`value`), '$', 'map<string,variant>') AS `__widen_m`,
    (
      regexp_replace(
        regexp_replace(regexp_replace(`value`, '\\\\.', ''), '"[^"]*"', '""'), '([0-9])\\.([0-9])', '$1$2'
      ) RLIKE '[0-9][eE]|[0-9]{39}'
    ) AS `__widen_hd`
  FROM batch
),
-- each field's value, as VARIANT
fields AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    named_struct('a', `__widen_m`['a']) AS `__widen_f`
  FROM lines
),
-- each value's shape (long, string[], record...), one lambda for every field
shape_codes AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    `__widen_f`,
    transform(
      array(`__widen_f`['a']),
      _x1 -> element_at(
        transform(
          array(
            transform(
              flatten(
                transform(
                  flatten(
                    transform(
                      array(named_struct('d', 0, 'v', _x1, 'sv', schema_of_variant(_x1))),
                      _x2 -> CASE
                        WHEN (startswith(_x2['sv'], 'ARRAY<') AND (NOT (_x2['sv'] RLIKE '^(ARRAY<)+VOID>+$'))) THEN transform(
                          filter(
                            try_variant_get(_x2['v'], '$', 'array<variant>'),
                            _x3 -> (NOT is_variant_null(_x3))
                          ),
                          _x3 -> named_struct('d', (_x2['d'] + 1), 'v', _x3, 'sv', schema_of_variant(_x3))
                        )
                        ELSE array(_x2)
                      END
                    )
                  ),
                  _x2 -> CASE
                    WHEN (startswith(_x2['sv'], 'ARRAY<') AND (NOT (_x2['sv'] RLIKE '^(ARRAY<)+VOID>+$'))) THEN transform(
                      filter(
                        try_variant_get(_x2['v'], '$', 'array<variant>'), _x3 -> (NOT is_variant_null(_x3))
                      ),
                      _x3 -> named_struct('d', (_x2['d'] + 1), 'v', _x3, 'sv', schema_of_variant(_x3))
                    )
                    ELSE array(_x2)
                  END
                )
              ),
              _x2 -> element_at(
                transform(
                  array(
                    CASE
                      WHEN ((NOT startswith(_x2['sv'], 'OBJECT<')) AND (NOT startswith(_x2['sv'], 'ARRAY<'))) THEN element_at(
                        transform(
                          array(
                            CASE
                              WHEN ((_x2['v'] IS NULL) OR (_x2['sv'] = 'VOID')) THEN 'null'
                              WHEN (_x2['sv'] = 'BOOLEAN') THEN 'boolean'
                              WHEN (_x2['sv'] = 'BIGINT') THEN 'integer'
                              WHEN startswith(_x2['sv'], 'DECIMAL(') THEN CASE
                                WHEN (
                                  (regexp_extract(_x2['sv'], '^DECIMAL\\(\\d+,(\\d+)\\)$', 1) = '0')
                                  AND (try_variant_get(_x2['v'], '$', 'bigint') IS NULL)
                                ) THEN 'integer'
                                ELSE 'fraction'
                              END
                              WHEN (_x2['sv'] = 'DOUBLE') THEN 'fraction'
                              WHEN (_x2['sv'] = 'STRING') THEN 'string'
                              WHEN startswith(_x2['sv'], 'ARRAY<') THEN 'array'
                              WHEN startswith(_x2['sv'], 'OBJECT<') THEN 'object'
                              ELSE 'other'
                            END
                          ),
                          _x3 -> CASE
                            WHEN (_x3 = 'boolean') THEN 0
                            WHEN (_x3 = 'integer') THEN CASE
                              WHEN (
                                (try_variant_get(_x2['v'], '$', 'bigint') IS NOT NULL)
                                AND (
                                  TRY_CAST(try_variant_get(_x2['v'], '$', 'bigint') AS decimal(38,0)) = try_variant_get(
                                    _x2['v'], '$', 'decimal(38,0)'
                                  )
                                )
                              ) THEN 1
                              WHEN (
                                (try_variant_get(_x2['v'], '$', 'decimal(38,0)') IS NOT NULL)
                                AND (
                                  TRY_CAST(try_variant_get(_x2['v'], '$', 'decimal(38,0)') AS decimal(38,0)) = try_variant_get(
                                    _x2['v'], '$', 'decimal(38,0)'
                                  )
                                )
                              ) THEN 3
                              ELSE 6
                            END
                            WHEN (_x3 = 'fraction') THEN CASE
                              WHEN (
                                (
                                  (
                                    (try_variant_get(_x2['v'], '$', 'double') IS NOT NULL)
                                    AND (NOT isnan(try_variant_get(_x2['v'], '$', 'double')))
                                  )
                                  AND (
                                    abs(try_variant_get(_x2['v'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                  )
                                )
                                AND CASE
                                  WHEN (_x2['sv'] = 'DOUBLE') THEN TRUE
                                  ELSE (
                                    regexp_replace(
                                      regexp_replace(
                                        regexp_replace(
                                          regexp_replace(
                                            CAST(try_variant_get(_x2['v'], '$', 'double') AS string),
                                            '[eE].*$', ''
                                          ),
                                          '^-', ''
                                        ),
                                        '\\.', ''
                                      ),
                                      '^0+|0+$', ''
                                    ) = regexp_replace(
                                      regexp_replace(
                                        regexp_replace(
                                          regexp_replace(to_json(_x2['v']), '[eE].*$', ''), '^-', ''
                                        ),
                                        '\\.', ''
                                      ),
                                      '^0+|0+$', ''
                                    )
                                  )
                                END
                              ) THEN 2
                              ELSE 6
                            END
                            WHEN (_x3 = 'string') THEN CASE
                              WHEN (
                                (
                                  (
                                    try_variant_get(_x2['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                  )
                                  AND (NOT startswith(try_variant_get(_x2['v'], '$', 'string'), '0000'))
                                )
                                AND (
                                  try_to_date(try_variant_get(_x2['v'], '$', 'string'), 'yyyy-MM-dd') IS NOT NULL
                                )
                              ) THEN 4
                              WHEN (
                                (
                                  (
                                    try_variant_get(_x2['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                  )
                                  AND (NOT startswith(try_variant_get(_x2['v'], '$', 'string'), '0000'))
                                )
                                AND (
                                  TRY_CAST(try_variant_get(_x2['v'], '$', 'string') AS timestamp) IS NOT NULL
                                )
                              ) THEN 5
                              ELSE 6
                            END
                          END
                        ),
                        1
                      )
                    END
                  ),
                  _x3 -> named_struct(
                    'd', _x2['d'], 'k',
                    CASE
                      WHEN startswith(_x2['sv'], 'OBJECT<') THEN 1
                      WHEN (_x2['sv'] RLIKE '^(ARRAY<)+VOID>+$') THEN 2
                      WHEN startswith(_x2['sv'], 'ARRAY<') THEN 3
                      ELSE 0
                    END,
                    't', _x3, 'x',
                    CASE
                      WHEN (_x3 IS NULL) THEN 127
                      WHEN (_x3 = 0) THEN (
                        75 | CASE
                          WHEN element_at(
                            transform(
                              array(try_variant_get(_x2['v'], '$', 'boolean')),
                              _x4 -> element_at(
                                transform(
                                  array(
                                    TRY_CAST(
                                      CAST(CASE WHEN _x4 THEN 1 WHEN (NOT _x4) THEN 0 END AS bigint) AS double
                                    )
                                  ),
                                  _x5 -> (
                                    coalesce(
                                      (
                                        CASE
                                          WHEN (
                                            CASE
                                              WHEN (
                                                (_x5 >= -9.223372036854776E+18D)
                                                AND (_x5 < 9.223372036854776E+18D)
                                              ) THEN TRY_CAST(_x5 AS bigint)
                                            END = 1
                                          ) THEN TRUE
                                          WHEN (
                                            CASE
                                              WHEN (
                                                (_x5 >= -9.223372036854776E+18D)
                                                AND (_x5 < 9.223372036854776E+18D)
                                              ) THEN TRY_CAST(_x5 AS bigint)
                                            END = 0
                                          ) THEN FALSE
                                        END = _x4
                                      ),
                                      FALSE
                                    )
                                    AND (_x5 IS NOT NULL)
                                  )
                                ),
                                1
                              )
                            ),
                            1
                          ) THEN 4
                          ELSE 0
                        END
                      )
                      WHEN (_x3 = 1) THEN (
                        74 | CASE
                          WHEN element_at(
                            transform(
                              array(try_variant_get(_x2['v'], '$', 'bigint')),
                              _x4 -> element_at(
                                transform(
                                  array(TRY_CAST(_x4 AS double)),
                                  _x5 -> (
                                    coalesce(
                                      (
                                        CASE
                                          WHEN (
                                            (_x5 >= -9.223372036854776E+18D)
                                            AND (_x5 < 9.223372036854776E+18D)
                                          ) THEN TRY_CAST(_x5 AS bigint)
                                        END = _x4
                                      ),
                                      FALSE
                                    )
                                    AND (_x5 IS NOT NULL)
                                  )
                                ),
                                1
                              )
                            ),
                            1
                          ) THEN 4
                          ELSE 0
                        END
                      )
                      WHEN (_x3 = 2) THEN 68
                      WHEN (_x3 = 3) THEN 72
                      WHEN (_x3 = 4) THEN (
                        (
                          (
                            112 | CASE
                              WHEN (
                                CASE
                                  WHEN (
                                    pmod(
                                      unix_micros(
                                        CAST(
                                          try_to_date(try_variant_get(_x2['v'], '$', 'string'), 'yyyy-MM-dd') AS timestamp
                                        )
                                      ),
                                      1
                                    ) = 0
                                  ) THEN CAST(
                                    div(
                                      unix_micros(
                                        CAST(
                                          try_to_date(try_variant_get(_x2['v'], '$', 'string'), 'yyyy-MM-dd') AS timestamp
                                        )
                                      ),
                                      1
                                    ) AS bigint
                                  )
                                END IS NOT NULL
                              ) THEN 2
                              ELSE 0
                            END
                          ) | CASE
                            WHEN element_at(
                              transform(
                                array(
                                  CASE
                                    WHEN (
                                      pmod(
                                        unix_micros(
                                          CAST(
                                            try_to_date(
                                              try_variant_get(_x2['v'], '$', 'string'), 'yyyy-MM-dd'
                                            ) AS timestamp
                                          )
                                        ),
                                        1
                                      ) = 0
                                    ) THEN CAST(
                                      div(
                                        unix_micros(
                                          CAST(
                                            try_to_date(
                                              try_variant_get(_x2['v'], '$', 'string'), 'yyyy-MM-dd'
                                            ) AS timestamp
                                          )
                                        ),
                                        1
                                      ) AS bigint
                                    )
                                  END
                                ),
                                _x4 -> element_at(
                                  transform(
                                    array(TRY_CAST(_x4 AS double)),
                                    _x5 -> (
                                      coalesce(
                                        (
                                          CASE
                                            WHEN (
                                              (_x5 >= -9.223372036854776E+18D)
                                              AND (_x5 < 9.223372036854776E+18D)
                                            ) THEN TRY_CAST(_x5 AS bigint)
                                          END = _x4
                                        ),
                                        FALSE
                                      )
                                      AND (_x5 IS NOT NULL)
                                    )
                                  ),
                                  1
                                )
                              ),
                              1
                            ) THEN 4
                            ELSE 0
                          END
                        ) | CASE
                          WHEN (
                            TRY_CAST(
                              CASE
                                WHEN (
                                  pmod(
                                    unix_micros(
                                      CAST(
                                        try_to_date(try_variant_get(_x2['v'], '$', 'string'), 'yyyy-MM-dd') AS timestamp
                                      )
                                    ),
                                    1
                                  ) = 0
                                ) THEN CAST(
                                  div(
                                    unix_micros(
                                      CAST(
                                        try_to_date(try_variant_get(_x2['v'], '$', 'string'), 'yyyy-MM-dd') AS timestamp
                                      )
                                    ),
                                    1
                                  ) AS bigint
                                )
                              END AS decimal(38,0)
                            ) IS NOT NULL
                          ) THEN 8
                          ELSE 0
                        END
                      )
                      WHEN (_x3 = 5) THEN (
                        (
                          (
                            96 | CASE
                              WHEN (
                                CASE
                                  WHEN (
                                    pmod(
                                      unix_micros(
                                        TRY_CAST(try_variant_get(_x2['v'], '$', 'string') AS timestamp)
                                      ),
                                      1
                                    ) = 0
                                  ) THEN CAST(
                                    div(
                                      unix_micros(
                                        TRY_CAST(try_variant_get(_x2['v'], '$', 'string') AS timestamp)
                                      ),
                                      1
                                    ) AS bigint
                                  )
                                END IS NOT NULL
                              ) THEN 2
                              ELSE 0
                            END
                          ) | CASE
                            WHEN element_at(
                              transform(
                                array(
                                  CASE
                                    WHEN (
                                      pmod(
                                        unix_micros(
                                          TRY_CAST(try_variant_get(_x2['v'], '$', 'string') AS timestamp)
                                        ),
                                        1
                                      ) = 0
                                    ) THEN CAST(
                                      div(
                                        unix_micros(
                                          TRY_CAST(try_variant_get(_x2['v'], '$', 'string') AS timestamp)
                                        ),
                                        1
                                      ) AS bigint
                                    )
                                  END
                                ),
                                _x4 -> element_at(
                                  transform(
                                    array(TRY_CAST(_x4 AS double)),
                                    _x5 -> (
                                      coalesce(
                                        (
                                          CASE
                                            WHEN (
                                              (_x5 >= -9.223372036854776E+18D)
                                              AND (_x5 < 9.223372036854776E+18D)
                                            ) THEN TRY_CAST(_x5 AS bigint)
                                          END = _x4
                                        ),
                                        FALSE
                                      )
                                      AND (_x5 IS NOT NULL)
                                    )
                                  ),
                                  1
                                )
                              ),
                              1
                            ) THEN 4
                            ELSE 0
                          END
                        ) | CASE
                          WHEN (
                            TRY_CAST(
                              CASE
                                WHEN (
                                  pmod(
                                    unix_micros(
                                      TRY_CAST(try_variant_get(_x2['v'], '$', 'string') AS timestamp)
                                    ),
                                    1
                                  ) = 0
                                ) THEN CAST(
                                  div(
                                    unix_micros(
                                      TRY_CAST(try_variant_get(_x2['v'], '$', 'string') AS timestamp)
                                    ),
                                    1
                                  ) AS bigint
                                )
                              END AS decimal(38,0)
                            ) IS NOT NULL
                          ) THEN 8
                          ELSE 0
                        END
                      )
                      WHEN (_x3 = 6) THEN 64
                      ELSE 0
                    END,
                    'e', (size(split(_x2['sv'], 'ARRAY<')) - 1)
                  )
                ),
                1
              )
            )
          ),
          _x2 -> element_at(
            transform(
              array(
                named_struct(
                  'prim', exists(_x2, _x3 -> (_x3['k'] = 0)), 'rec', exists(_x2, _x3 -> (_x3['k'] = 1)),
                  'deep', exists(_x2, _x3 -> (_x3['k'] = 3)), 'lo',
                  array_min(transform(filter(_x2, _x3 -> (_x3['k'] <= 1)), _x3 -> _x3['d'])), 'hi',
                  array_max(transform(filter(_x2, _x3 -> (_x3['k'] <= 1)), _x3 -> _x3['d'])), 'e',
                  array_max(transform(filter(_x2, _x3 -> (_x3['k'] = 2)), _x3 -> (_x3['d'] + _x3['e']))),
                  'mask',
                  aggregate(
                    filter(_x2, _x3 -> (_x3['k'] <= 1)), 0, (_acc3, _x3) -> (_acc3 | shiftleft(1, _x3['t']))
                  ),
                  'exact',
                  aggregate(filter(_x2, _x3 -> (_x3['k'] <= 1)), 127, (_acc3, _x3) -> (_acc3 & _x3['x']))
                )
              ),
              _x3 -> CASE
                WHEN ((_x1 IS NULL) OR is_variant_null(_x1)) THEN 'null'
                WHEN (
                  (
                    NOT (
                      (_x3['rec'] AND (NOT _x3['prim']))
                      AND (
                        NOT (
                          ((_x3['prim'] AND _x3['rec']) OR (_x3['lo'] != _x3['hi']))
                          OR coalesce((_x3['e'] > _x3['hi']), FALSE)
                        )
                      )
                    )
                  )
                  AND CASE
                    WHEN `__widen_hd` THEN (schema_of_variant(_x1) RLIKE '(^|<|: )(DOUBLE|VARIANT)(>|,|$)')
                    ELSE (schema_of_variant(_x1) RLIKE '(^|<|: )DOUBLE(>|,|$)')
                  END
                ) THEN 'deep'
                WHEN ((NOT _x3['prim']) AND (NOT _x3['rec'])) THEN CASE
                  WHEN _x3['deep'] THEN 'deep'
                  ELSE 'empty'
                END
                WHEN (
                  (
                    ((_x3['prim'] AND _x3['rec']) OR (_x3['lo'] != _x3['hi']))
                    OR coalesce((_x3['e'] > _x3['hi']), FALSE)
                  )
                  OR _x3['deep']
                ) THEN element_at(
                  array('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'), 7
                )
                WHEN (
                  (_x3['rec'] AND (_x3['hi'] = 0))
                  AND (size(array_remove(map_keys(try_variant_get(_x1, '$', 'map<string,variant>')), '')) = 0)
                ) THEN 'empty'
                WHEN _x3['rec'] THEN concat('record', repeat('[]', _x3['hi']))
                ELSE concat(
                  element_at(
                    array('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                    (
                      CASE
                        WHEN (_x3['hi'] = 0) THEN element_at(_x2, 1)['t']
                        ELSE CASE
                          WHEN (
                            element_at(
                              array(
                                0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 6, 6, 6, 6, 4, 6, 1, 6, 2, 6, 2, 6, 3, 6,
                                3, 6, 6, 6, 6, 6, 5, 6, 1, 6, 2, 6, 2, 6, 3, 6, 3, 6, 6, 6, 6, 6, 5, 6, 1, 6,
                                2, 6, 2, 6, 3, 6, 3, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                                6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                                6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6
                              ),
                              (_x3['mask'] + 1)
                            ) = 0
                          ) THEN CASE
                            WHEN ((_x3['exact'] & 1) != 0) THEN 0
                            WHEN ((_x3['exact'] & 2) != 0) THEN 1
                            WHEN ((_x3['exact'] & 4) != 0) THEN 2
                            WHEN ((_x3['exact'] & 8) != 0) THEN 3
                            WHEN ((_x3['exact'] & 64) != 0) THEN 6
                            ELSE 6
                          END
                          WHEN (
                            element_at(
                              array(
                                0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 6, 6, 6, 6, 4, 6, 1, 6, 2, 6, 2, 6, 3, 6,
                                3, 6, 6, 6, 6, 6, 5, 6, 1, 6, 2, 6, 2, 6, 3, 6, 3, 6, 6, 6, 6, 6, 5, 6, 1, 6,
                                2, 6, 2, 6, 3, 6, 3, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                                6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                                6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6
                              ),
                              (_x3['mask'] + 1)
                            ) = 1
                          ) THEN CASE
                            WHEN ((_x3['exact'] & 2) != 0) THEN 1
                            WHEN ((_x3['exact'] & 4) != 0) THEN 2
                            WHEN ((_x3['exact'] & 8) != 0) THEN 3
                            WHEN ((_x3['exact'] & 64) != 0) THEN 6
                            ELSE 6
                          END
                          WHEN (
                            element_at(
                              array(
                                0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 6, 6, 6, 6, 4, 6, 1, 6, 2, 6, 2, 6, 3, 6,
                                3, 6, 6, 6, 6, 6, 5, 6, 1, 6, 2, 6, 2, 6, 3, 6, 3, 6, 6, 6, 6, 6, 5, 6, 1, 6,
                                2, 6, 2, 6, 3, 6, 3, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                                6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                                6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6
                              ),
                              (_x3['mask'] + 1)
                            ) = 2
                          ) THEN CASE
                            WHEN ((_x3['exact'] & 4) != 0) THEN 2
                            WHEN ((_x3['exact'] & 64) != 0) THEN 6
                            ELSE 6
                          END
                          WHEN (
                            element_at(
                              array(
                                0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 6, 6, 6, 6, 4, 6, 1, 6, 2, 6, 2, 6, 3, 6,
                                3, 6, 6, 6, 6, 6, 5, 6, 1, 6, 2, 6, 2, 6, 3, 6, 3, 6, 6, 6, 6, 6, 5, 6, 1, 6,
                                2, 6, 2, 6, 3, 6, 3, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                                6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                                6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6
                              ),
                              (_x3['mask'] + 1)
                            ) = 3
                          ) THEN CASE
                            WHEN ((_x3['exact'] & 8) != 0) THEN 3
                            WHEN ((_x3['exact'] & 64) != 0) THEN 6
                            ELSE 6
                          END
                          WHEN (
                            element_at(
                              array(
                                0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 6, 6, 6, 6, 4, 6, 1, 6, 2, 6, 2, 6, 3, 6,
                                3, 6, 6, 6, 6, 6, 5, 6, 1, 6, 2, 6, 2, 6, 3, 6, 3, 6, 6, 6, 6, 6, 5, 6, 1, 6,
                                2, 6, 2, 6, 3, 6, 3, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                                6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                                6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6
                              ),
                              (_x3['mask'] + 1)
                            ) = 4
                          ) THEN CASE
                            WHEN ((_x3['exact'] & 16) != 0) THEN 4
                            WHEN ((_x3['exact'] & 32) != 0) THEN 5
                            WHEN ((_x3['exact'] & 2) != 0) THEN 1
                            WHEN ((_x3['exact'] & 4) != 0) THEN 2
                            WHEN ((_x3['exact'] & 8) != 0) THEN 3
                            WHEN ((_x3['exact'] & 64) != 0) THEN 6
                            ELSE 6
                          END
                          WHEN (
                            element_at(
                              array(
                                0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 6, 6, 6, 6, 4, 6, 1, 6, 2, 6, 2, 6, 3, 6,
                                3, 6, 6, 6, 6, 6, 5, 6, 1, 6, 2, 6, 2, 6, 3, 6, 3, 6, 6, 6, 6, 6, 5, 6, 1, 6,
                                2, 6, 2, 6, 3, 6, 3, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                                6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                                6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6
                              ),
                              (_x3['mask'] + 1)
                            ) = 5
                          ) THEN CASE
                            WHEN ((_x3['exact'] & 32) != 0) THEN 5
                            WHEN ((_x3['exact'] & 2) != 0) THEN 1
                            WHEN ((_x3['exact'] & 4) != 0) THEN 2
                            WHEN ((_x3['exact'] & 8) != 0) THEN 3
                            WHEN ((_x3['exact'] & 64) != 0) THEN 6
                            ELSE 6
                          END
                          WHEN (
                            element_at(
                              array(
                                0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 6, 6, 6, 6, 4, 6, 1, 6, 2, 6, 2, 6, 3, 6,
                                3, 6, 6, 6, 6, 6, 5, 6, 1, 6, 2, 6, 2, 6, 3, 6, 3, 6, 6, 6, 6, 6, 5, 6, 1, 6,
                                2, 6, 2, 6, 3, 6, 3, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                                6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                                6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6
                              ),
                              (_x3['mask'] + 1)
                            ) = 6
                          ) THEN CASE WHEN ((_x3['exact'] & 64) != 0) THEN 6 ELSE 6 END
                        END
                      END + 1
                    )
                  ),
                  repeat('[]', _x3['hi'])
                )
              END
            ),
            1
          )
        ),
        1
      )
    ) AS `__widen_sh`
  FROM fields
),
-- the shapes by field name
shapes AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    `__widen_f`,
    named_struct('a', `__widen_sh`[0]) AS `__widen_s`
  FROM shape_codes
),
-- each field's value converted once to each column type that takes it, by its shape
conversions AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    `__widen_f`,
    `__widen_s`,
    transform(
      array(named_struct('v', `__widen_f`['a'], 's', `__widen_s`['a'])),
      _x1 -> CASE
        WHEN (_x1['s'] = 'boolean') THEN CAST(try_variant_get(_x1['v'], '$', 'boolean') AS string)
        WHEN (_x1['s'] = 'long') THEN CAST(try_variant_get(_x1['v'], '$', 'bigint') AS string)
        WHEN (_x1['s'] = 'double') THEN element_at(
          transform(
            array((try_variant_get(_x1['v'], '$', 'double') + CAST(0.0D AS double))),
            _x2 -> CASE
              WHEN isnan(_x2) THEN 'NaN'
              WHEN (_x2 = CAST('Infinity' AS DOUBLE)) THEN 'Infinity'
              WHEN (_x2 = CAST('-Infinity' AS DOUBLE)) THEN '-Infinity'
              ELSE element_at(
                transform(
                  array(
                    CASE
                      WHEN (TRY_CAST(format_string('%.0e', _x2) AS double) = _x2) THEN format_string(
                        '%.0e', _x2
                      )
                      WHEN (TRY_CAST(format_string('%.1e', _x2) AS double) = _x2) THEN format_string(
                        '%.1e', _x2
                      )
                      WHEN (TRY_CAST(format_string('%.2e', _x2) AS double) = _x2) THEN format_string(
                        '%.2e', _x2
                      )
                      WHEN (TRY_CAST(format_string('%.3e', _x2) AS double) = _x2) THEN format_string(
                        '%.3e', _x2
                      )
                      WHEN (TRY_CAST(format_string('%.4e', _x2) AS double) = _x2) THEN format_string(
                        '%.4e', _x2
                      )
                      WHEN (TRY_CAST(format_string('%.5e', _x2) AS double) = _x2) THEN format_string(
                        '%.5e', _x2
                      )
                      WHEN (TRY_CAST(format_string('%.6e', _x2) AS double) = _x2) THEN format_string(
                        '%.6e', _x2
                      )
                      WHEN (TRY_CAST(format_string('%.7e', _x2) AS double) = _x2) THEN format_string(
                        '%.7e', _x2
                      )
                      WHEN (TRY_CAST(format_string('%.8e', _x2) AS double) = _x2) THEN format_string(
                        '%.8e', _x2
                      )
                      WHEN (TRY_CAST(format_string('%.9e', _x2) AS double) = _x2) THEN format_string(
                        '%.9e', _x2
                      )
                      WHEN (TRY_CAST(format_string('%.10e', _x2) AS double) = _x2) THEN format_string(
                        '%.10e', _x2
                      )
                      WHEN (TRY_CAST(format_string('%.11e', _x2) AS double) = _x2) THEN format_string(
                        '%.11e', _x2
                      )
                      WHEN (TRY_CAST(format_string('%.12e', _x2) AS double) = _x2) THEN format_string(
                        '%.12e', _x2
                      )
                      WHEN (TRY_CAST(format_string('%.13e', _x2) AS double) = _x2) THEN format_string(
                        '%.13e', _x2
                      )
                      WHEN (TRY_CAST(format_string('%.14e', _x2) AS double) = _x2) THEN format_string(
                        '%.14e', _x2
                      )
                      WHEN (TRY_CAST(format_string('%.15e', _x2) AS double) = _x2) THEN format_string(
                        '%.15e', _x2
                      )
                      WHEN (TRY_CAST(format_string('%.16e', _x2) AS double) = _x2) THEN format_string(
                        '%.16e', _x2
                      )
                      ELSE format_string('%.16e', _x2)
                    END
                  ),
                  _x3 -> CASE
                    WHEN (_x2 IS NULL) THEN NULL
                    WHEN (_x2 = 0) THEN CASE
                      WHEN startswith(format_string('%s', _x2), '-') THEN '-0.0'
                      ELSE '0.0'
                    END
                    ELSE concat(
                      CASE WHEN startswith(_x3, '-') THEN '-' ELSE '' END,
                      CASE
                        WHEN ((abs(_x2) >= 0.001D) AND (abs(_x2) < 10000000.0D)) THEN CASE
                          WHEN (
                            (
                              CAST(regexp_extract(regexp_replace(_x3, '^-', ''), 'e([+-][0-9]+)$', 1) AS int) + 1
                            ) <= 0
                          ) THEN concat(
                            '0.',
                            repeat(
                              '0',
                              (
                                - (
                                  CAST(
                                    regexp_extract(regexp_replace(_x3, '^-', ''), 'e([+-][0-9]+)$', 1) AS int
                                  ) + 1
                                )
                              )
                            ),
                            CASE
                              WHEN (
                                regexp_replace(
                                  regexp_replace(
                                    regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1), '\\.', ''
                                  ),
                                  '0+$', ''
                                ) = ''
                              ) THEN '0'
                              ELSE regexp_replace(
                                regexp_replace(
                                  regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1), '\\.', ''
                                ),
                                '0+$', ''
                              )
                            END
                          )
                          WHEN (
                            (
                              CAST(regexp_extract(regexp_replace(_x3, '^-', ''), 'e([+-][0-9]+)$', 1) AS int) + 1
                            ) >= length(
                              CASE
                                WHEN (
                                  regexp_replace(
                                    regexp_replace(
                                      regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1), '\\.',
                                      ''
                                    ),
                                    '0+$', ''
                                  ) = ''
                                ) THEN '0'
                                ELSE regexp_replace(
                                  regexp_replace(
                                    regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1), '\\.', ''
                                  ),
                                  '0+$', ''
                                )
                              END
                            )
                          ) THEN concat(
                            CASE
                              WHEN (
                                regexp_replace(
                                  regexp_replace(
                                    regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1), '\\.', ''
                                  ),
                                  '0+$', ''
                                ) = ''
                              ) THEN '0'
                              ELSE regexp_replace(
                                regexp_replace(
                                  regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1), '\\.', ''
                                ),
                                '0+$', ''
                              )
                            END,
                            repeat(
                              '0',
                              (
                                (
                                  CAST(
                                    regexp_extract(regexp_replace(_x3, '^-', ''), 'e([+-][0-9]+)$', 1) AS int
                                  ) + 1
                                ) - length(
                                  CASE
                                    WHEN (
                                      regexp_replace(
                                        regexp_replace(
                                          regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1),
                                          '\\.', ''
                                        ),
                                        '0+$', ''
                                      ) = ''
                                    ) THEN '0'
                                    ELSE regexp_replace(
                                      regexp_replace(
                                        regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1),
                                        '\\.', ''
                                      ),
                                      '0+$', ''
                                    )
                                  END
                                )
                              )
                            ),
                            '.0'
                          )
                          ELSE concat(
                            substr(
                              CASE
                                WHEN (
                                  regexp_replace(
                                    regexp_replace(
                                      regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1), '\\.',
                                      ''
                                    ),
                                    '0+$', ''
                                  ) = ''
                                ) THEN '0'
                                ELSE regexp_replace(
                                  regexp_replace(
                                    regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1), '\\.', ''
                                  ),
                                  '0+$', ''
                                )
                              END,
                              1,
                              (
                                CAST(
                                  regexp_extract(regexp_replace(_x3, '^-', ''), 'e([+-][0-9]+)$', 1) AS int
                                ) + 1
                              )
                            ),
                            '.',
                            substr(
                              CASE
                                WHEN (
                                  regexp_replace(
                                    regexp_replace(
                                      regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1), '\\.',
                                      ''
                                    ),
                                    '0+$', ''
                                  ) = ''
                                ) THEN '0'
                                ELSE regexp_replace(
                                  regexp_replace(
                                    regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1), '\\.', ''
                                  ),
                                  '0+$', ''
                                )
                              END,
                              (
                                (
                                  CAST(
                                    regexp_extract(regexp_replace(_x3, '^-', ''), 'e([+-][0-9]+)$', 1) AS int
                                  ) + 1
                                ) + 1
                              ),
                              (
                                length(
                                  CASE
                                    WHEN (
                                      regexp_replace(
                                        regexp_replace(
                                          regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1),
                                          '\\.', ''
                                        ),
                                        '0+$', ''
                                      ) = ''
                                    ) THEN '0'
                                    ELSE regexp_replace(
                                      regexp_replace(
                                        regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1),
                                        '\\.', ''
                                      ),
                                      '0+$', ''
                                    )
                                  END
                                ) - (
                                  CAST(
                                    regexp_extract(regexp_replace(_x3, '^-', ''), 'e([+-][0-9]+)$', 1) AS int
                                  ) + 1
                                )
                              )
                            )
                          )
                        END
                        ELSE concat(
                          substr(
                            CASE
                              WHEN (
                                regexp_replace(
                                  regexp_replace(
                                    regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1), '\\.', ''
                                  ),
                                  '0+$', ''
                                ) = ''
                              ) THEN '0'
                              ELSE regexp_replace(
                                regexp_replace(
                                  regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1), '\\.', ''
                                ),
                                '0+$', ''
                              )
                            END,
                            1, 1
                          ),
                          '.',
                          CASE
                            WHEN (
                              length(
                                CASE
                                  WHEN (
                                    regexp_replace(
                                      regexp_replace(
                                        regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1),
                                        '\\.', ''
                                      ),
                                      '0+$', ''
                                    ) = ''
                                  ) THEN '0'
                                  ELSE regexp_replace(
                                    regexp_replace(
                                      regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1), '\\.',
                                      ''
                                    ),
                                    '0+$', ''
                                  )
                                END
                              ) > 1
                            ) THEN substr(
                              CASE
                                WHEN (
                                  regexp_replace(
                                    regexp_replace(
                                      regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1), '\\.',
                                      ''
                                    ),
                                    '0+$', ''
                                  ) = ''
                                ) THEN '0'
                                ELSE regexp_replace(
                                  regexp_replace(
                                    regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1), '\\.', ''
                                  ),
                                  '0+$', ''
                                )
                              END,
                              2,
                              length(
                                CASE
                                  WHEN (
                                    regexp_replace(
                                      regexp_replace(
                                        regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1),
                                        '\\.', ''
                                      ),
                                      '0+$', ''
                                    ) = ''
                                  ) THEN '0'
                                  ELSE regexp_replace(
                                    regexp_replace(
                                      regexp_extract(regexp_replace(_x3, '^-', ''), '^([0-9.]+)e', 1), '\\.',
                                      ''
                                    ),
                                    '0+$', ''
                                  )
                                END
                              )
                            )
                            ELSE '0'
                          END,
                          'E',
                          CAST(
                            CAST(regexp_extract(regexp_replace(_x3, '^-', ''), 'e([+-][0-9]+)$', 1) AS int) AS string
                          )
                        )
                      END
                    )
                  END
                ),
                1
              )
            END
          ),
          1
        )
        WHEN (_x1['s'] = 'decimal') THEN CASE
          WHEN (try_variant_get(_x1['v'], '$', 'decimal(38,0)') IS NOT NULL) THEN to_json(_x1['v'])
        END
        WHEN (_x1['s'] = 'date') THEN date_format(
          try_to_date(try_variant_get(_x1['v'], '$', 'string'), 'yyyy-MM-dd'), 'yyyy-MM-dd'
        )
        WHEN (_x1['s'] = 'timestamp') THEN element_at(
          transform(
            array(TRY_CAST(try_variant_get(_x1['v'], '$', 'string') AS timestamp)),
            _x2 -> CASE
              WHEN (_x2 IS NULL) THEN NULL
              ELSE concat(
                date_format(_x2, 'yyyy-MM-dd\'T\'HH:mm:ss'),
                CASE
                  WHEN (pmod(unix_micros(_x2), 1000000) = 0) THEN ''
                  ELSE concat('.', lpad(CAST(pmod(unix_micros(_x2), 1000000) AS string), 6, '0'))
                END,
                'Z'
              )
            END
          ),
          1
        )
        WHEN (_x1['s'] = 'string') THEN CASE
          WHEN (schema_of_variant(_x1['v']) = 'STRING') THEN try_variant_get(_x1['v'], '$', 'string')
          WHEN (NOT is_variant_null(_x1['v'])) THEN to_json(_x1['v'])
        END
      END
    ) AS `cv_as_string`,
    transform(
      array(named_struct('v', `__widen_f`['a'], 's', `__widen_s`['a'])),
      _x1 -> element_at(
        transform(
          array(
            CASE
              WHEN (_x1['s'] IN ('boolean', 'long', 'date', 'timestamp')) THEN array(_x1['v'])
              WHEN (_x1['s'] IN ('boolean[]', 'long[]', 'date[]', 'timestamp[]')) THEN try_variant_get(
                _x1['v'], '$', 'array<variant>'
              )
            END
          ),
          _x2 -> element_at(
            transform(
              array(
                transform(
                  _x2,
                  _x3 -> element_at(
                    transform(
                      array(
                        element_at(
                          transform(
                            array(schema_of_variant(_x3)),
                            _x4 -> element_at(
                              transform(
                                array(
                                  CASE
                                    WHEN ((_x3 IS NULL) OR (_x4 = 'VOID')) THEN 'null'
                                    WHEN (_x4 = 'BOOLEAN') THEN 'boolean'
                                    WHEN (_x4 = 'BIGINT') THEN 'integer'
                                    WHEN startswith(_x4, 'DECIMAL(') THEN CASE
                                      WHEN (
                                        (regexp_extract(_x4, '^DECIMAL\\(\\d+,(\\d+)\\)$', 1) = '0')
                                        AND (try_variant_get(_x3, '$', 'bigint') IS NULL)
                                      ) THEN 'integer'
                                      ELSE 'fraction'
                                    END
                                    WHEN (_x4 = 'DOUBLE') THEN 'fraction'
                                    WHEN (_x4 = 'STRING') THEN 'string'
                                    WHEN startswith(_x4, 'ARRAY<') THEN 'array'
                                    WHEN startswith(_x4, 'OBJECT<') THEN 'object'
                                    ELSE 'other'
                                  END
                                ),
                                _x5 -> CASE
                                  WHEN (_x5 = 'boolean') THEN 0
                                  WHEN (_x5 = 'integer') THEN CASE
                                    WHEN (
                                      (try_variant_get(_x3, '$', 'bigint') IS NOT NULL)
                                      AND (
                                        TRY_CAST(try_variant_get(_x3, '$', 'bigint') AS decimal(38,0)) = try_variant_get(
                                          _x3, '$', 'decimal(38,0)'
                                        )
                                      )
                                    ) THEN 1
                                    WHEN (
                                      (try_variant_get(_x3, '$', 'decimal(38,0)') IS NOT NULL)
                                      AND (
                                        TRY_CAST(try_variant_get(_x3, '$', 'decimal(38,0)') AS decimal(38,0)) = try_variant_get(
                                          _x3, '$', 'decimal(38,0)'
                                        )
                                      )
                                    ) THEN 3
                                    ELSE 6
                                  END
                                  WHEN (_x5 = 'fraction') THEN CASE
                                    WHEN (
                                      (
                                        (
                                          (try_variant_get(_x3, '$', 'double') IS NOT NULL)
                                          AND (NOT isnan(try_variant_get(_x3, '$', 'double')))
                                        )
                                        AND (
                                          abs(try_variant_get(_x3, '$', 'double')) < CAST(
                                            'Infinity' AS DOUBLE
                                          )
                                        )
                                      )
                                      AND CASE
                                        WHEN (_x4 = 'DOUBLE') THEN TRUE
                                        ELSE (
                                          regexp_replace(
                                            regexp_replace(
                                              regexp_replace(
                                                regexp_replace(
                                                  CAST(try_variant_get(_x3, '$', 'double') AS string),
                                                  '[eE].*$', ''
                                                ),
                                                '^-', ''
                                              ),
                                              '\\.', ''
                                            ),
                                            '^0+|0+$', ''
                                          ) = regexp_replace(
                                            regexp_replace(
                                              regexp_replace(
                                                regexp_replace(to_json(_x3), '[eE].*$', ''), '^-', ''
                                              ),
                                              '\\.', ''
                                            ),
                                            '^0+|0+$', ''
                                          )
                                        )
                                      END
                                    ) THEN 2
                                    ELSE 6
                                  END
                                  WHEN (_x5 = 'string') THEN CASE
                                    WHEN (
                                      (
                                        (
                                          try_variant_get(_x3, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                        )
                                        AND (NOT startswith(try_variant_get(_x3, '$', 'string'), '0000'))
                                      )
                                      AND (
                                        try_to_date(try_variant_get(_x3, '$', 'string'), 'yyyy-MM-dd') IS NOT NULL
                                      )
                                    ) THEN 4
                                    WHEN (
                                      (
                                        (
                                          try_variant_get(_x3, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                        )
                                        AND (NOT startswith(try_variant_get(_x3, '$', 'string'), '0000'))
                                      )
                                      AND (
                                        TRY_CAST(try_variant_get(_x3, '$', 'string') AS timestamp) IS NOT NULL
                                      )
                                    ) THEN 5
                                    ELSE 6
                                  END
                                END
                              ),
                              1
                            )
                          ),
                          1
                        )
                      ),
                      _x4 -> CASE
                        WHEN (_x4 IS NULL) THEN NULL
                        WHEN (_x4 = 0) THEN element_at(
                          transform(
                            array(try_variant_get(_x3, '$', 'boolean')),
                            _x5 -> CAST(CASE WHEN _x5 THEN 1 WHEN (NOT _x5) THEN 0 END AS bigint)
                          ),
                          1
                        )
                        WHEN (_x4 = 1) THEN try_variant_get(_x3, '$', 'bigint')
                        WHEN (_x4 = 4) THEN element_at(
                          transform(
                            array(try_to_date(try_variant_get(_x3, '$', 'string'), 'yyyy-MM-dd')),
                            _x5 -> CASE
                              WHEN (
                                CASE
                                  WHEN (pmod(unix_micros(CAST(_x5 AS timestamp)), 1) = 0) THEN CAST(
                                    div(unix_micros(CAST(_x5 AS timestamp)), 1) AS bigint
                                  )
                                END IS NOT NULL
                              ) THEN CASE
                                WHEN (pmod(unix_micros(CAST(_x5 AS timestamp)), 1) = 0) THEN CAST(
                                  div(unix_micros(CAST(_x5 AS timestamp)), 1) AS bigint
                                )
                              END
                            END
                          ),
                          1
                        )
                        WHEN (_x4 = 5) THEN element_at(
                          transform(
                            array(TRY_CAST(try_variant_get(_x3, '$', 'string') AS timestamp)),
                            _x5 -> CASE
                              WHEN (
                                CASE
                                  WHEN (pmod(unix_micros(_x5), 1) = 0) THEN CAST(
                                    div(unix_micros(_x5), 1) AS bigint
                                  )
                                END IS NOT NULL
                              ) THEN CASE
                                WHEN (pmod(unix_micros(_x5), 1) = 0) THEN CAST(
                                  div(unix_micros(_x5), 1) AS bigint
                                )
                              END
                            END
                          ),
                          1
                        )
                      END
                    ),
                    1
                  )
                )
              ),
              _x3 -> CASE
                WHEN (
                  size(filter(_x2, _x4 -> (NOT ((_x4 IS NULL) OR (schema_of_variant(_x4) = 'VOID'))))) = size(
                    filter(_x3, _x4 -> (_x4 IS NOT NULL))
                  )
                ) THEN _x3
              END
            ),
            1
          )
        ),
        1
      )
    ) AS `cv_as_long_array1`,
    transform(
      array(named_struct('v', `__widen_f`['a'], 's', `__widen_s`['a'])),
      _x1 -> element_at(
        transform(
          array(
            CASE
              WHEN (_x1['s'] IN ('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string')) THEN array(
                _x1['v']
              )
              WHEN (
                _x1['s'] IN (
                  'boolean[]', 'long[]', 'double[]', 'decimal[]', 'date[]', 'timestamp[]', 'string[]'
                )
              ) THEN try_variant_get(_x1['v'], '$', 'array<variant>')
            END
          ),
          _x2 -> element_at(
            transform(
              array(
                transform(
                  _x2,
                  _x3 -> element_at(
                    transform(
                      array(
                        element_at(
                          transform(
                            array(schema_of_variant(_x3)),
                            _x4 -> element_at(
                              transform(
                                array(
                                  CASE
                                    WHEN ((_x3 IS NULL) OR (_x4 = 'VOID')) THEN 'null'
                                    WHEN (_x4 = 'BOOLEAN') THEN 'boolean'
                                    WHEN (_x4 = 'BIGINT') THEN 'integer'
                                    WHEN startswith(_x4, 'DECIMAL(') THEN CASE
                                      WHEN (
                                        (regexp_extract(_x4, '^DECIMAL\\(\\d+,(\\d+)\\)$', 1) = '0')
                                        AND (try_variant_get(_x3, '$', 'bigint') IS NULL)
                                      ) THEN 'integer'
                                      ELSE 'fraction'
                                    END
                                    WHEN (_x4 = 'DOUBLE') THEN 'fraction'
                                    WHEN (_x4 = 'STRING') THEN 'string'
                                    WHEN startswith(_x4, 'ARRAY<') THEN 'array'
                                    WHEN startswith(_x4, 'OBJECT<') THEN 'object'
                                    ELSE 'other'
                                  END
                                ),
                                _x5 -> CASE
                                  WHEN (_x5 = 'boolean') THEN 0
                                  WHEN (_x5 = 'integer') THEN CASE
                                    WHEN (
                                      (try_variant_get(_x3, '$', 'bigint') IS NOT NULL)
                                      AND (
                                        TRY_CAST(try_variant_get(_x3, '$', 'bigint') AS decimal(38,0)) = try_variant_get(
                                          _x3, '$', 'decimal(38,0)'
                                        )
                                      )
                                    ) THEN 1
                                    WHEN (
                                      (try_variant_get(_x3, '$', 'decimal(38,0)') IS NOT NULL)
                                      AND (
                                        TRY_CAST(try_variant_get(_x3, '$', 'decimal(38,0)') AS decimal(38,0)) = try_variant_get(
                                          _x3, '$', 'decimal(38,0)'
                                        )
                                      )
                                    ) THEN 3
                                    ELSE 6
                                  END
                                  WHEN (_x5 = 'fraction') THEN CASE
                                    WHEN (
                                      (
                                        (
                                          (try_variant_get(_x3, '$', 'double') IS NOT NULL)
                                          AND (NOT isnan(try_variant_get(_x3, '$', 'double')))
                                        )
                                        AND (
                                          abs(try_variant_get(_x3, '$', 'double')) < CAST(
                                            'Infinity' AS DOUBLE
                                          )
                                        )
                                      )
                                      AND CASE
                                        WHEN (_x4 = 'DOUBLE') THEN TRUE
                                        ELSE (
                                          regexp_replace(
                                            regexp_replace(
                                              regexp_replace(
                                                regexp_replace(
                                                  CAST(try_variant_get(_x3, '$', 'double') AS string),
                                                  '[eE].*$', ''
                                                ),
                                                '^-', ''
                                              ),
                                              '\\.', ''
                                            ),
                                            '^0+|0+$', ''
                                          ) = regexp_replace(
                                            regexp_replace(
                                              regexp_replace(
                                                regexp_replace(to_json(_x3), '[eE].*$', ''), '^-', ''
                                              ),
                                              '\\.', ''
                                            ),
                                            '^0+|0+$', ''
                                          )
                                        )
                                      END
                                    ) THEN 2
                                    ELSE 6
                                  END
                                  WHEN (_x5 = 'string') THEN CASE
                                    WHEN (
                                      (
                                        (
                                          try_variant_get(_x3, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                        )
                                        AND (NOT startswith(try_variant_get(_x3, '$', 'string'), '0000'))
                                      )
                                      AND (
                                        try_to_date(try_variant_get(_x3, '$', 'string'), 'yyyy-MM-dd') IS NOT NULL
                                      )
                                    ) THEN 4
                                    WHEN (
                                      (
                                        (
                                          try_variant_get(_x3, '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                        )
                                        AND (NOT startswith(try_variant_get(_x3, '$', 'string'), '0000'))
                                      )
                                      AND (
                                        TRY_CAST(try_variant_get(_x3, '$', 'string') AS timestamp) IS NOT NULL
                                      )
                                    ) THEN 5
                                    ELSE 6
                                  END
                                END
                              ),
                              1
                            )
                          ),
                          1
                        )
                      ),
                      _x4 -> CASE
                        WHEN (_x4 IS NULL) THEN NULL
                        WHEN (_x4 = 0) THEN CAST(try_variant_get(_x3, '$', 'boolean') AS string)
                        WHEN (_x4 = 1) THEN CAST(try_variant_get(_x3, '$', 'bigint') AS string)
                        WHEN (_x4 = 2) THEN element_at(
                          transform(
                            array((try_variant_get(_x3, '$', 'double') + CAST(0.0D AS double))),
                            _x5 -> CASE
                              WHEN isnan(_x5) THEN 'NaN'
                              WHEN (_x5 = CAST('Infinity' AS DOUBLE)) THEN 'Infinity'
                              WHEN (_x5 = CAST('-Infinity' AS DOUBLE)) THEN '-Infinity'
                              ELSE element_at(
                                transform(
                                  array(
                                    CASE
                                      WHEN (TRY_CAST(format_string('%.0e', _x5) AS double) = _x5) THEN format_string(
                                        '%.0e', _x5
                                      )
                                      WHEN (TRY_CAST(format_string('%.1e', _x5) AS double) = _x5) THEN format_string(
                                        '%.1e', _x5
                                      )
                                      WHEN (TRY_CAST(format_string('%.2e', _x5) AS double) = _x5) THEN format_string(
                                        '%.2e', _x5
                                      )
                                      WHEN (TRY_CAST(format_string('%.3e', _x5) AS double) = _x5) THEN format_string(
                                        '%.3e', _x5
                                      )
                                      WHEN (TRY_CAST(format_string('%.4e', _x5) AS double) = _x5) THEN format_string(
                                        '%.4e', _x5
                                      )
                                      WHEN (TRY_CAST(format_string('%.5e', _x5) AS double) = _x5) THEN format_string(
                                        '%.5e', _x5
                                      )
                                      WHEN (TRY_CAST(format_string('%.6e', _x5) AS double) = _x5) THEN format_string(
                                        '%.6e', _x5
                                      )
                                      WHEN (TRY_CAST(format_string('%.7e', _x5) AS double) = _x5) THEN format_string(
                                        '%.7e', _x5
                                      )
                                      WHEN (TRY_CAST(format_string('%.8e', _x5) AS double) = _x5) THEN format_string(
                                        '%.8e', _x5
                                      )
                                      WHEN (TRY_CAST(format_string('%.9e', _x5) AS double) = _x5) THEN format_string(
                                        '%.9e', _x5
                                      )
                                      WHEN (TRY_CAST(format_string('%.10e', _x5) AS double) = _x5) THEN format_string(
                                        '%.10e', _x5
                                      )
                                      WHEN (TRY_CAST(format_string('%.11e', _x5) AS double) = _x5) THEN format_string(
                                        '%.11e', _x5
                                      )
                                      WHEN (TRY_CAST(format_string('%.12e', _x5) AS double) = _x5) THEN format_string(
                                        '%.12e', _x5
                                      )
                                      WHEN (TRY_CAST(format_string('%.13e', _x5) AS double) = _x5) THEN format_string(
                                        '%.13e', _x5
                                      )
                                      WHEN (TRY_CAST(format_string('%.14e', _x5) AS double) = _x5) THEN format_string(
                                        '%.14e', _x5
                                      )
                                      WHEN (TRY_CAST(format_string('%.15e', _x5) AS double) = _x5) THEN format_string(
                                        '%.15e', _x5
                                      )
                                      WHEN (TRY_CAST(format_string('%.16e', _x5) AS double) = _x5) THEN format_string(
                                        '%.16e', _x5
                                      )
                                      ELSE format_string('%.16e', _x5)
                                    END
                                  ),
                                  _x6 -> CASE
                                    WHEN (_x5 IS NULL) THEN NULL
                                    WHEN (_x5 = 0) THEN CASE
                                      WHEN startswith(format_string('%s', _x5), '-') THEN '-0.0'
                                      ELSE '0.0'
                                    END
                                    ELSE concat(
                                      CASE WHEN startswith(_x6, '-') THEN '-' ELSE '' END,
                                      CASE
                                        WHEN ((abs(_x5) >= 0.001D) AND (abs(_x5) < 10000000.0D)) THEN CASE
                                          WHEN (
                                            (
                                              CAST(
                                                regexp_extract(
                                                  regexp_replace(_x6, '^-', ''), 'e([+-][0-9]+)$', 1
                                                ) AS int
                                              ) + 1
                                            ) <= 0
                                          ) THEN concat(
                                            '0.',
                                            repeat(
                                              '0',
                                              (
                                                - (
                                                  CAST(
                                                    regexp_extract(
                                                      regexp_replace(_x6, '^-', ''), 'e([+-][0-9]+)$', 1
                                                    ) AS int
                                                  ) + 1
                                                )
                                              )
                                            ),
                                            CASE
                                              WHEN (
                                                regexp_replace(
                                                  regexp_replace(
                                                    regexp_extract(
                                                      regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                    ),
                                                    '\\.', ''
                                                  ),
                                                  '0+$', ''
                                                ) = ''
                                              ) THEN '0'
                                              ELSE regexp_replace(
                                                regexp_replace(
                                                  regexp_extract(
                                                    regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                  ),
                                                  '\\.', ''
                                                ),
                                                '0+$', ''
                                              )
                                            END
                                          )
                                          WHEN (
                                            (
                                              CAST(
                                                regexp_extract(
                                                  regexp_replace(_x6, '^-', ''), 'e([+-][0-9]+)$', 1
                                                ) AS int
                                              ) + 1
                                            ) >= length(
                                              CASE
                                                WHEN (
                                                  regexp_replace(
                                                    regexp_replace(
                                                      regexp_extract(
                                                        regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                      ),
                                                      '\\.', ''
                                                    ),
                                                    '0+$', ''
                                                  ) = ''
                                                ) THEN '0'
                                                ELSE regexp_replace(
                                                  regexp_replace(
                                                    regexp_extract(
                                                      regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                    ),
                                                    '\\.', ''
                                                  ),
                                                  '0+$', ''
                                                )
                                              END
                                            )
                                          ) THEN concat(
                                            CASE
                                              WHEN (
                                                regexp_replace(
                                                  regexp_replace(
                                                    regexp_extract(
                                                      regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                    ),
                                                    '\\.', ''
                                                  ),
                                                  '0+$', ''
                                                ) = ''
                                              ) THEN '0'
                                              ELSE regexp_replace(
                                                regexp_replace(
                                                  regexp_extract(
                                                    regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                  ),
                                                  '\\.', ''
                                                ),
                                                '0+$', ''
                                              )
                                            END,
                                            repeat(
                                              '0',
                                              (
                                                (
                                                  CAST(
                                                    regexp_extract(
                                                      regexp_replace(_x6, '^-', ''), 'e([+-][0-9]+)$', 1
                                                    ) AS int
                                                  ) + 1
                                                ) - length(
                                                  CASE
                                                    WHEN (
                                                      regexp_replace(
                                                        regexp_replace(
                                                          regexp_extract(
                                                            regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                          ),
                                                          '\\.', ''
                                                        ),
                                                        '0+$', ''
                                                      ) = ''
                                                    ) THEN '0'
                                                    ELSE regexp_replace(
                                                      regexp_replace(
                                                        regexp_extract(
                                                          regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                        ),
                                                        '\\.', ''
                                                      ),
                                                      '0+$', ''
                                                    )
                                                  END
                                                )
                                              )
                                            ),
                                            '.0'
                                          )
                                          ELSE concat(
                                            substr(
                                              CASE
                                                WHEN (
                                                  regexp_replace(
                                                    regexp_replace(
                                                      regexp_extract(
                                                        regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                      ),
                                                      '\\.', ''
                                                    ),
                                                    '0+$', ''
                                                  ) = ''
                                                ) THEN '0'
                                                ELSE regexp_replace(
                                                  regexp_replace(
                                                    regexp_extract(
                                                      regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                    ),
                                                    '\\.', ''
                                                  ),
                                                  '0+$', ''
                                                )
                                              END,
                                              1,
                                              (
                                                CAST(
                                                  regexp_extract(
                                                    regexp_replace(_x6, '^-', ''), 'e([+-][0-9]+)$', 1
                                                  ) AS int
                                                ) + 1
                                              )
                                            ),
                                            '.',
                                            substr(
                                              CASE
                                                WHEN (
                                                  regexp_replace(
                                                    regexp_replace(
                                                      regexp_extract(
                                                        regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                      ),
                                                      '\\.', ''
                                                    ),
                                                    '0+$', ''
                                                  ) = ''
                                                ) THEN '0'
                                                ELSE regexp_replace(
                                                  regexp_replace(
                                                    regexp_extract(
                                                      regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                    ),
                                                    '\\.', ''
                                                  ),
                                                  '0+$', ''
                                                )
                                              END,
                                              (
                                                (
                                                  CAST(
                                                    regexp_extract(
                                                      regexp_replace(_x6, '^-', ''), 'e([+-][0-9]+)$', 1
                                                    ) AS int
                                                  ) + 1
                                                ) + 1
                                              ),
                                              (
                                                length(
                                                  CASE
                                                    WHEN (
                                                      regexp_replace(
                                                        regexp_replace(
                                                          regexp_extract(
                                                            regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                          ),
                                                          '\\.', ''
                                                        ),
                                                        '0+$', ''
                                                      ) = ''
                                                    ) THEN '0'
                                                    ELSE regexp_replace(
                                                      regexp_replace(
                                                        regexp_extract(
                                                          regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                        ),
                                                        '\\.', ''
                                                      ),
                                                      '0+$', ''
                                                    )
                                                  END
                                                ) - (
                                                  CAST(
                                                    regexp_extract(
                                                      regexp_replace(_x6, '^-', ''), 'e([+-][0-9]+)$', 1
                                                    ) AS int
                                                  ) + 1
                                                )
                                              )
                                            )
                                          )
                                        END
                                        ELSE concat(
                                          substr(
                                            CASE
                                              WHEN (
                                                regexp_replace(
                                                  regexp_replace(
                                                    regexp_extract(
                                                      regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                    ),
                                                    '\\.', ''
                                                  ),
                                                  '0+$', ''
                                                ) = ''
                                              ) THEN '0'
                                              ELSE regexp_replace(
                                                regexp_replace(
                                                  regexp_extract(
                                                    regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                  ),
                                                  '\\.', ''
                                                ),
                                                '0+$', ''
                                              )
                                            END,
                                            1, 1
                                          ),
                                          '.',
                                          CASE
                                            WHEN (
                                              length(
                                                CASE
                                                  WHEN (
                                                    regexp_replace(
                                                      regexp_replace(
                                                        regexp_extract(
                                                          regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                        ),
                                                        '\\.', ''
                                                      ),
                                                      '0+$', ''
                                                    ) = ''
                                                  ) THEN '0'
                                                  ELSE regexp_replace(
                                                    regexp_replace(
                                                      regexp_extract(
                                                        regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                      ),
                                                      '\\.', ''
                                                    ),
                                                    '0+$', ''
                                                  )
                                                END
                                              ) > 1
                                            ) THEN substr(
                                              CASE
                                                WHEN (
                                                  regexp_replace(
                                                    regexp_replace(
                                                      regexp_extract(
                                                        regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                      ),
                                                      '\\.', ''
                                                    ),
                                                    '0+$', ''
                                                  ) = ''
                                                ) THEN '0'
                                                ELSE regexp_replace(
                                                  regexp_replace(
                                                    regexp_extract(
                                                      regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                    ),
                                                    '\\.', ''
                                                  ),
                                                  '0+$', ''
                                                )
                                              END,
                                              2,
                                              length(
                                                CASE
                                                  WHEN (
                                                    regexp_replace(
                                                      regexp_replace(
                                                        regexp_extract(
                                                          regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                        ),
                                                        '\\.', ''
                                                      ),
                                                      '0+$', ''
                                                    ) = ''
                                                  ) THEN '0'
                                                  ELSE regexp_replace(
                                                    regexp_replace(
                                                      regexp_extract(
                                                        regexp_replace(_x6, '^-', ''), '^([0-9.]+)e', 1
                                                      ),
                                                      '\\.', ''
                                                    ),
                                                    '0+$', ''
                                                  )
                                                END
                                              )
                                            )
                                            ELSE '0'
                                          END,
                                          'E',
                                          CAST(
                                            CAST(
                                              regexp_extract(
                                                regexp_replace(_x6, '^-', ''), 'e([+-][0-9]+)$', 1
                                              ) AS int
                                            ) AS string
                                          )
                                        )
                                      END
                                    )
                                  END
                                ),
                                1
                              )
                            END
                          ),
                          1
                        )
                        WHEN (_x4 = 3) THEN CASE
                          WHEN (try_variant_get(_x3, '$', 'decimal(38,0)') IS NOT NULL) THEN to_json(_x3)
                        END
                        WHEN (_x4 = 4) THEN date_format(
                          try_to_date(try_variant_get(_x3, '$', 'string'), 'yyyy-MM-dd'), 'yyyy-MM-dd'
                        )
                        WHEN (_x4 = 5) THEN element_at(
                          transform(
                            array(TRY_CAST(try_variant_get(_x3, '$', 'string') AS timestamp)),
                            _x5 -> CASE
                              WHEN (_x5 IS NULL) THEN NULL
                              ELSE concat(
                                date_format(_x5, 'yyyy-MM-dd\'T\'HH:mm:ss'),
                                CASE
                                  WHEN (pmod(unix_micros(_x5), 1000000) = 0) THEN ''
                                  ELSE concat(
                                    '.', lpad(CAST(pmod(unix_micros(_x5), 1000000) AS string), 6, '0')
                                  )
                                END,
                                'Z'
                              )
                            END
                          ),
                          1
                        )
                        WHEN (_x4 = 6) THEN CASE
                          WHEN (schema_of_variant(_x3) = 'STRING') THEN try_variant_get(_x3, '$', 'string')
                          WHEN (NOT is_variant_null(_x3)) THEN to_json(_x3)
                        END
                      END
                    ),
                    1
                  )
                )
              ),
              _x3 -> CASE
                WHEN (
                  size(filter(_x2, _x4 -> (NOT ((_x4 IS NULL) OR (schema_of_variant(_x4) = 'VOID'))))) = size(
                    filter(_x3, _x4 -> (_x4 IS NOT NULL))
                  )
                ) THEN _x3
              END
            ),
            1
          )
        ),
        1
      )
    ) AS `cv_as_string_array1`
  FROM shapes
),
-- the conversions by field name
converted AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    `__widen_f`,
    `__widen_s`,
    named_struct('a', `cv_as_string`[0]) AS `as_string`,
    named_struct('a', `cv_as_long_array1`[0]) AS `as_long_array1`,
    named_struct('a', `cv_as_string_array1`[0]) AS `as_string_array1`
  FROM conversions
),
-- the table's columns: each one's routes, by the value's shape
columns AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    `__widen_s`,
    -- a::record <- a as record (as is)
    --   a.k::long <- a.k as long (as is)
    CASE
      WHEN coalesce(
        startswith(
          schema_of_variant(CASE WHEN (`__widen_s`['a'] = 'record') THEN `__widen_f`['a'] END), 'OBJECT<'
        ),
        FALSE
      ) THEN element_at(
        transform(
          array(
            try_variant_get(
              CASE WHEN (`__widen_s`['a'] = 'record') THEN `__widen_f`['a'] END, '$', 'map<string,variant>'
            )
          ),
          _x1 -> element_at(
            transform(
              array(
                transform(
                  array(_x1['k']),
                  _x2 -> element_at(
                    transform(
                      array(
                        transform(
                          flatten(
                            transform(
                              array(named_struct('d', 0, 'v', _x2, 'sv', schema_of_variant(_x2))),
                              _x3 -> CASE
                                WHEN (
                                  startswith(_x3['sv'], 'ARRAY<')
                                  AND (NOT (_x3['sv'] RLIKE '^(ARRAY<)+VOID>+$'))
                                ) THEN transform(
                                  filter(
                                    try_variant_get(_x3['v'], '$', 'array<variant>'),
                                    _x4 -> (NOT is_variant_null(_x4))
                                  ),
                                  _x4 -> named_struct(
                                    'd', (_x3['d'] + 1), 'v', _x4, 'sv', schema_of_variant(_x4)
                                  )
                                )
                                ELSE array(_x3)
                              END
                            )
                          ),
                          _x3 -> element_at(
                            transform(
                              array(
                                CASE
                                  WHEN (
                                    (NOT startswith(_x3['sv'], 'OBJECT<'))
                                    AND (NOT startswith(_x3['sv'], 'ARRAY<'))
                                  ) THEN element_at(
                                    transform(
                                      array(
                                        CASE
                                          WHEN ((_x3['v'] IS NULL) OR (_x3['sv'] = 'VOID')) THEN 'null'
                                          WHEN (_x3['sv'] = 'BOOLEAN') THEN 'boolean'
                                          WHEN (_x3['sv'] = 'BIGINT') THEN 'integer'
                                          WHEN startswith(_x3['sv'], 'DECIMAL(') THEN CASE
                                            WHEN (
                                              (
                                                regexp_extract(_x3['sv'], '^DECIMAL\\(\\d+,(\\d+)\\)$', 1) = '0'
                                              )
                                              AND (try_variant_get(_x3['v'], '$', 'bigint') IS NULL)
                                            ) THEN 'integer'
                                            ELSE 'fraction'
                                          END
                                          WHEN (_x3['sv'] = 'DOUBLE') THEN 'fraction'
                                          WHEN (_x3['sv'] = 'STRING') THEN 'string'
                                          WHEN startswith(_x3['sv'], 'ARRAY<') THEN 'array'
                                          WHEN startswith(_x3['sv'], 'OBJECT<') THEN 'object'
                                          ELSE 'other'
                                        END
                                      ),
                                      _x4 -> CASE
                                        WHEN (_x4 = 'boolean') THEN 0
                                        WHEN (_x4 = 'integer') THEN CASE
                                          WHEN (
                                            (try_variant_get(_x3['v'], '$', 'bigint') IS NOT NULL)
                                            AND (
                                              TRY_CAST(
                                                try_variant_get(_x3['v'], '$', 'bigint') AS decimal(38,0)
                                              ) = try_variant_get(_x3['v'], '$', 'decimal(38,0)')
                                            )
                                          ) THEN 1
                                          WHEN (
                                            (try_variant_get(_x3['v'], '$', 'decimal(38,0)') IS NOT NULL)
                                            AND (
                                              TRY_CAST(
                                                try_variant_get(_x3['v'], '$', 'decimal(38,0)') AS decimal(
                                                  38, 0
                                                )
                                              ) = try_variant_get(_x3['v'], '$', 'decimal(38,0)')
                                            )
                                          ) THEN 3
                                          ELSE 6
                                        END
                                        WHEN (_x4 = 'fraction') THEN CASE
                                          WHEN (
                                            (
                                              (
                                                (try_variant_get(_x3['v'], '$', 'double') IS NOT NULL)
                                                AND (NOT isnan(try_variant_get(_x3['v'], '$', 'double')))
                                              )
                                              AND (
                                                abs(try_variant_get(_x3['v'], '$', 'double')) < CAST(
                                                  'Infinity' AS DOUBLE
                                                )
                                              )
                                            )
                                            AND CASE
                                              WHEN (_x3['sv'] = 'DOUBLE') THEN TRUE
                                              ELSE (
                                                regexp_replace(
                                                  regexp_replace(
                                                    regexp_replace(
                                                      regexp_replace(
                                                        CAST(
                                                          try_variant_get(_x3['v'], '$', 'double') AS string
                                                        ),
                                                        '[eE].*$', ''
                                                      ),
                                                      '^-', ''
                                                    ),
                                                    '\\.', ''
                                                  ),
                                                  '^0+|0+$', ''
                                                ) = regexp_replace(
                                                  regexp_replace(
                                                    regexp_replace(
                                                      regexp_replace(to_json(_x3['v']), '[eE].*$', ''), '^-',
                                                      ''
                                                    ),
                                                    '\\.', ''
                                                  ),
                                                  '^0+|0+$', ''
                                                )
                                              )
                                            END
                                          ) THEN 2
                                          ELSE 6
                                        END
                                        WHEN (_x4 = 'string') THEN CASE
                                          WHEN (
                                            (
                                              (
                                                try_variant_get(_x3['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                              )
                                              AND (
                                                NOT startswith(
                                                  try_variant_get(_x3['v'], '$', 'string'), '0000'
                                                )
                                              )
                                            )
                                            AND (
                                              try_to_date(
                                                try_variant_get(_x3['v'], '$', 'string'), 'yyyy-MM-dd'
                                              ) IS NOT NULL
                                            )
                                          ) THEN 4
                                          WHEN (
                                            (
                                              (
                                                try_variant_get(_x3['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                              )
                                              AND (
                                                NOT startswith(
                                                  try_variant_get(_x3['v'], '$', 'string'), '0000'
                                                )
                                              )
                                            )
                                            AND (
                                              TRY_CAST(try_variant_get(_x3['v'], '$', 'string') AS timestamp) IS NOT NULL
                                            )
                                          ) THEN 5
                                          ELSE 6
                                        END
                                      END
                                    ),
                                    1
                                  )
                                END
                              ),
                              _x4 -> named_struct(
                                'd', _x3['d'], 'k',
                                CASE
                                  WHEN startswith(_x3['sv'], 'OBJECT<') THEN 1
                                  WHEN (_x3['sv'] RLIKE '^(ARRAY<)+VOID>+$') THEN 2
                                  WHEN startswith(_x3['sv'], 'ARRAY<') THEN 3
                                  ELSE 0
                                END,
                                't', _x4, 'x', 0, 'e', (size(split(_x3['sv'], 'ARRAY<')) - 1)
                              )
                            ),
                            1
                          )
                        )
                      ),
                      _x3 -> element_at(
                        transform(
                          array(
                            named_struct(
                              'prim', exists(_x3, _x4 -> (_x4['k'] = 0)), 'rec',
                              exists(_x3, _x4 -> (_x4['k'] = 1)), 'deep', exists(_x3, _x4 -> (_x4['k'] = 3)),
                              'lo',
                              array_min(transform(filter(_x3, _x4 -> (_x4['k'] <= 1)), _x4 -> _x4['d'])),
                              'hi',
                              array_max(transform(filter(_x3, _x4 -> (_x4['k'] <= 1)), _x4 -> _x4['d'])), 'e',
                              array_max(
                                transform(filter(_x3, _x4 -> (_x4['k'] = 2)), _x4 -> (_x4['d'] + _x4['e']))
                              ),
                              'mask',
                              aggregate(
                                filter(_x3, _x4 -> (_x4['k'] <= 1)), 0,
                                (_acc4, _x4) -> (_acc4 | shiftleft(1, _x4['t']))
                              ),
                              'exact',
                              aggregate(
                                filter(_x3, _x4 -> (_x4['k'] <= 1)), 127, (_acc4, _x4) -> (_acc4 & _x4['x'])
                              )
                            )
                          ),
                          _x4 -> CASE
                            WHEN ((_x2 IS NULL) OR is_variant_null(_x2)) THEN 'null'
                            WHEN (
                              (
                                NOT (
                                  (_x4['rec'] AND (NOT _x4['prim']))
                                  AND (
                                    NOT (
                                      ((_x4['prim'] AND _x4['rec']) OR (_x4['lo'] != _x4['hi']))
                                      OR coalesce((_x4['e'] > _x4['hi']), FALSE)
                                    )
                                  )
                                )
                              )
                              AND CASE
                                WHEN `__widen_hd` THEN (
                                  schema_of_variant(_x2) RLIKE '(^|<|: )(DOUBLE|VARIANT)(>|,|$)'
                                )
                                ELSE (schema_of_variant(_x2) RLIKE '(^|<|: )DOUBLE(>|,|$)')
                              END
                            ) THEN 'deep'
                            WHEN ((NOT _x4['prim']) AND (NOT _x4['rec'])) THEN CASE
                              WHEN _x4['deep'] THEN 'deep'
                              ELSE 'empty'
                            END
                            WHEN (
                              (
                                ((_x4['prim'] AND _x4['rec']) OR (_x4['lo'] != _x4['hi']))
                                OR coalesce((_x4['e'] > _x4['hi']), FALSE)
                              )
                              OR _x4['deep']
                            ) THEN element_at(
                              array('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'), 7
                            )
                            WHEN (
                              (_x4['rec'] AND (_x4['hi'] = 0))
                              AND (
                                size(
                                  array_remove(map_keys(try_variant_get(_x2, '$', 'map<string,variant>')), '')
                                ) = 0
                              )
                            ) THEN 'empty'
                            WHEN _x4['rec'] THEN concat('record', repeat('[]', _x4['hi']))
                            ELSE concat(
                              CASE
                                WHEN (_x4['hi'] = 0) THEN element_at(
                                  array('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                  (element_at(_x3, 1)['t'] + 1)
                                )
                                ELSE 'array'
                              END,
                              repeat('[]', _x4['hi'])
                            )
                          END
                        ),
                        1
                      )
                    ),
                    1
                  )
                )
              ),
              _x2 -> element_at(
                transform(
                  array(
                    named_struct(
                      'as_long',
                      transform(
                        array(named_struct('v', _x1['k'], 's', _x2[0])),
                        _x3 -> CASE
                          WHEN (_x3['s'] = 'boolean') THEN element_at(
                            transform(
                              array(try_variant_get(_x3['v'], '$', 'boolean')),
                              _x4 -> CAST(CASE WHEN _x4 THEN 1 WHEN (NOT _x4) THEN 0 END AS bigint)
                            ),
                            1
                          )
                          WHEN (_x3['s'] = 'long') THEN try_variant_get(_x3['v'], '$', 'bigint')
                          WHEN (_x3['s'] = 'date') THEN element_at(
                            transform(
                              array(try_to_date(try_variant_get(_x3['v'], '$', 'string'), 'yyyy-MM-dd')),
                              _x4 -> CASE
                                WHEN (
                                  CASE
                                    WHEN (pmod(unix_micros(CAST(_x4 AS timestamp)), 1) = 0) THEN CAST(
                                      div(unix_micros(CAST(_x4 AS timestamp)), 1) AS bigint
                                    )
                                  END IS NOT NULL
                                ) THEN CASE
                                  WHEN (pmod(unix_micros(CAST(_x4 AS timestamp)), 1) = 0) THEN CAST(
                                    div(unix_micros(CAST(_x4 AS timestamp)), 1) AS bigint
                                  )
                                END
                              END
                            ),
                            1
                          )
                          WHEN (_x3['s'] = 'timestamp') THEN element_at(
                            transform(
                              array(TRY_CAST(try_variant_get(_x3['v'], '$', 'string') AS timestamp)),
                              _x4 -> CASE
                                WHEN (
                                  CASE
                                    WHEN (pmod(unix_micros(_x4), 1) = 0) THEN CAST(
                                      div(unix_micros(_x4), 1) AS bigint
                                    )
                                  END IS NOT NULL
                                ) THEN CASE
                                  WHEN (pmod(unix_micros(_x4), 1) = 0) THEN CAST(
                                    div(unix_micros(_x4), 1) AS bigint
                                  )
                                END
                              END
                            ),
                            1
                          )
                        END
                      )
                    )
                  ),
                  _x3 -> element_at(
                    transform(
                      array(
                        named_struct(
                          'k', CAST(CASE WHEN (_x2[0] IN ('long')) THEN _x3['as_long'][0] END AS BIGINT)
                        )
                      ),
                      _x4 -> named_struct(
                        'k', _x4['k'], '__lost',
                        coalesce(
                          (
                            exists(
                              map_entries(_x1),
                              _x5 -> (
                                (NOT (_x5['key'] IN ('k', '')))
                                AND (
                                  regexp_replace(
                                    regexp_replace(
                                      to_json(_x5['value']),
                                      '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)', ''
                                    ),
                                    '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                                  ) RLIKE '"|[0-9]|true|false'
                                )
                              )
                            )
                            OR (
                              ((NOT (_x2[0] IN ('null', 'empty'))) AND (NOT (_x4['k'] IS NOT NULL)))
                              AND (
                                regexp_replace(
                                  regexp_replace(
                                    to_json(_x1['k']),
                                    '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)', ''
                                  ),
                                  '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                                ) RLIKE '"|[0-9]|true|false'
                              )
                            )
                          ),
                          FALSE
                        )
                      )
                    ),
                    1
                  )
                ),
                1
              )
            ),
            1
          )
        ),
        1
      )
    END AS `a`,
    -- a_string::string <- a as string (as is)
    CAST(CASE WHEN (`__widen_s`['a'] IN ('string')) THEN `as_string`['a'] END AS STRING) AS `a_string`,
    -- a_array_long::long[] <- a as long[] (as is)
    CAST(CASE WHEN (`__widen_s`['a'] IN ('long[]')) THEN `as_long_array1`['a'] END AS ARRAY<BIGINT>) AS `a_array_long`,
    -- a_array_string::string[] <- a as string (as is; wrapped), long[] (text)
    CAST(
      CASE WHEN (`__widen_s`['a'] IN ('string', 'long[]')) THEN `as_string_array1`['a'] END AS ARRAY<STRING>
    ) AS `a_array_string`
  FROM converted
)
-- the columns as the table types them, and _rescued: the line, when it is not a JSON object or a value of it reached no column
SELECT
  CAST(CASE WHEN (`a` IS NOT NULL) THEN named_struct('k', `a`['k']) END AS STRUCT<`k`: BIGINT>) AS `a`,
  `a_string`,
  `a_array_long`,
  `a_array_string`,
  CASE
    WHEN (
      (`__widen_m` IS NULL)
      OR coalesce(
        (
          exists(
            map_entries(`__widen_m`),
            _x1 -> (
              (NOT (_x1['key'] IN ('a', '')))
              AND (
                regexp_replace(
                  regexp_replace(
                    to_json(_x1['value']), '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)', ''
                  ),
                  '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                ) RLIKE '"|[0-9]|true|false'
              )
            )
          )
          OR (
            (
              (NOT (`__widen_s`['a'] IN ('null', 'empty')))
              AND (
                NOT (
                  (
                    ((`a_string` IS NOT NULL) OR (`a_array_string` IS NOT NULL))
                    OR (`a_array_long` IS NOT NULL)
                  )
                  OR ((`a` IS NOT NULL) AND (NOT coalesce(`a`['__lost'], FALSE)))
                )
              )
            )
            AND (
              regexp_replace(
                regexp_replace(
                  to_json(`__widen_m`['a']), '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)', ''
                ),
                '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
              ) RLIKE '"|[0-9]|true|false'
            )
          )
        ),
        FALSE
      )
    ) THEN `__widen_line`
  END AS `_rescued`
FROM columns;
