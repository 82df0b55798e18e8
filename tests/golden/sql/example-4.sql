-- widen compile: an empty table with 1 batch(es) planned, rules <types.rules>
-- reads `batch` (a `value` column of JSON text, one line per row); writes 1 columns, then `_rescued`
-- `_rescued` is the line when it is not a JSON object, or when a value of it reaches no column (a field or
-- a shape the table has no column for, a value a guarded route refuses); the row keeps what has a column
-- columns the batches add: a
WITH
-- each line as a map of its fields (null: the line is not a JSON object)
lines AS (
  SELECT
    `value`,
    try_variant_get(try_parse_json(`value`), '$', 'map<string,variant>') AS `m`
  FROM batch
),
-- each field's value, as VARIANT
fields AS (
  SELECT
    `value`,
    `m`,
    named_struct('a', `m`['a']) AS `f`
  FROM lines
),
-- each value's shape (long, string[], record...), one lambda for every field
shape_codes AS (
  SELECT
    `value`,
    `m`,
    `f`,
    transform(
      array(`f`['a']),
      _x1 -> element_at(
        transform(
          array(
            transform(
              flatten(
                transform(
                  array(named_struct('d', 0, 'v', _x1, 'sv', schema_of_variant(_x1))),
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
                      WHEN startswith(_x2['sv'], 'OBJECT<') THEN 1
                      WHEN (_x2['sv'] RLIKE '^(ARRAY<)+VOID>+$') THEN 2
                      WHEN startswith(_x2['sv'], 'ARRAY<') THEN 3
                      ELSE 0
                    END
                  ),
                  _x3 -> element_at(
                    transform(
                      array(
                        CASE
                          WHEN (_x3 = 0) THEN element_at(
                            transform(
                              array(schema_of_variant(_x2['v'])),
                              _x4 -> element_at(
                                transform(
                                  array(
                                    CASE
                                      WHEN ((_x2['v'] IS NULL) OR (_x4 = 'VOID')) THEN 'null'
                                      WHEN (_x4 = 'BOOLEAN') THEN 'boolean'
                                      WHEN (_x4 = 'BIGINT') THEN 'integer'
                                      WHEN startswith(_x4, 'DECIMAL(') THEN CASE
                                        WHEN (
                                          (regexp_extract(_x4, '^DECIMAL\\(\\d+,(\\d+)\\)$', 1) = '0')
                                          AND (try_variant_get(_x2['v'], '$', 'bigint') IS NULL)
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
                                          TRY_CAST(
                                            try_variant_get(_x2['v'], '$', 'decimal(38,0)') AS decimal(38,0)
                                          ) = try_variant_get(_x2['v'], '$', 'decimal(38,0)')
                                        )
                                      ) THEN 3
                                      ELSE 6
                                    END
                                    WHEN (_x5 = 'fraction') THEN CASE
                                      WHEN (
                                        (
                                          (
                                            (try_variant_get(_x2['v'], '$', 'double') IS NOT NULL)
                                            AND (NOT isnan(try_variant_get(_x2['v'], '$', 'double')))
                                          )
                                          AND (
                                            abs(try_variant_get(_x2['v'], '$', 'double')) < CAST(
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
                                    WHEN (_x5 = 'string') THEN CASE
                                      WHEN (
                                        (
                                          (
                                            try_variant_get(_x2['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                          )
                                          AND (
                                            NOT startswith(try_variant_get(_x2['v'], '$', 'string'), '0000')
                                          )
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
                                          AND (
                                            NOT startswith(try_variant_get(_x2['v'], '$', 'string'), '0000')
                                          )
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
                            ),
                            1
                          )
                        END
                      ),
                      _x4 -> named_struct(
                        'd', _x2['d'], 'k', _x3, 't', _x4, 'x', 0, 'e', (size(split(_x2['sv'], 'ARRAY<')) - 1)
                      )
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
                  CASE
                    WHEN (_x3['hi'] = 0) THEN element_at(
                      array('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                      (element_at(_x2, 1)['t'] + 1)
                    )
                    ELSE 'array'
                  END,
                  repeat('[]', _x3['hi'])
                )
              END
            ),
            1
          )
        ),
        1
      )
    ) AS `sh`
  FROM fields
),
-- the shapes by field name
shapes AS (
  SELECT
    `value`,
    `m`,
    `f`,
    named_struct('a', `sh`[0]) AS `s`
  FROM shape_codes
),
-- each field's value converted once to each column type that takes it, by its shape
conversions AS (
  SELECT
    `value`,
    `m`,
    `f`,
    `s`
  FROM shapes
),
-- the conversions by field name
converted AS (
  SELECT
    `value`,
    `m`,
    `f`,
    `s`
  FROM conversions
),
-- the table's columns: each one's routes, by the value's shape
columns AS (
  SELECT
    `value`,
    `m`,
    `s`,
    -- a::record <- a as record (as is)
    --   a.b::record[][][] <- a.b as record, record[], record[][] (as is; wrapped), record[][][] (as is)
    --     a.b.c::string <- a.b.c as string (as is)
    --     a.b.x::string <- a.b.x as string (as is)
    --     a.b.y::string <- a.b.y as string (as is)
    --     a.b.z::string <- a.b.z as string (as is)
    --   a.b_record::record <- a.b as record (as is)
    --     a.b_record.c::string <- a.b_record.c as string (as is)
    --   a.b_array_record::record[] <- a.b as record[] (as is)
    --     a.b_array_record.x::string <- a.b_array_record.x as string (as is)
    --   a.b_array2_record::record[][] <- a.b as record[][] (as is)
    --     a.b_array2_record.y::string <- a.b_array2_record.y as string (as is)
    CASE
      WHEN coalesce(
        startswith(schema_of_variant(CASE WHEN (`s`['a'] = 'record') THEN `f`['a'] END), 'OBJECT<'), FALSE
      ) THEN element_at(
        transform(
          array(
            try_variant_get(CASE WHEN (`s`['a'] = 'record') THEN `f`['a'] END, '$', 'map<string,variant>')
          ),
          _x1 -> element_at(
            transform(
              array(named_struct('b', _x1['b'])),
              _x2 -> element_at(
                transform(
                  array(
                    transform(
                      array(_x2['b']),
                      _x3 -> element_at(
                        transform(
                          array(
                            transform(
                              flatten(
                                transform(
                                  flatten(
                                    transform(
                                      flatten(
                                        transform(
                                          flatten(
                                            transform(
                                              array(
                                                named_struct('d', 0, 'v', _x3, 'sv', schema_of_variant(_x3))
                                              ),
                                              _x4 -> CASE
                                                WHEN (
                                                  startswith(_x4['sv'], 'ARRAY<')
                                                  AND (NOT (_x4['sv'] RLIKE '^(ARRAY<)+VOID>+$'))
                                                ) THEN transform(
                                                  filter(
                                                    try_variant_get(_x4['v'], '$', 'array<variant>'),
                                                    _x5 -> (NOT is_variant_null(_x5))
                                                  ),
                                                  _x5 -> named_struct(
                                                    'd', (_x4['d'] + 1), 'v', _x5, 'sv',
                                                    schema_of_variant(_x5)
                                                  )
                                                )
                                                ELSE array(_x4)
                                              END
                                            )
                                          ),
                                          _x4 -> CASE
                                            WHEN (
                                              startswith(_x4['sv'], 'ARRAY<')
                                              AND (NOT (_x4['sv'] RLIKE '^(ARRAY<)+VOID>+$'))
                                            ) THEN transform(
                                              filter(
                                                try_variant_get(_x4['v'], '$', 'array<variant>'),
                                                _x5 -> (NOT is_variant_null(_x5))
                                              ),
                                              _x5 -> named_struct(
                                                'd', (_x4['d'] + 1), 'v', _x5, 'sv', schema_of_variant(_x5)
                                              )
                                            )
                                            ELSE array(_x4)
                                          END
                                        )
                                      ),
                                      _x4 -> CASE
                                        WHEN (
                                          startswith(_x4['sv'], 'ARRAY<')
                                          AND (NOT (_x4['sv'] RLIKE '^(ARRAY<)+VOID>+$'))
                                        ) THEN transform(
                                          filter(
                                            try_variant_get(_x4['v'], '$', 'array<variant>'),
                                            _x5 -> (NOT is_variant_null(_x5))
                                          ),
                                          _x5 -> named_struct(
                                            'd', (_x4['d'] + 1), 'v', _x5, 'sv', schema_of_variant(_x5)
                                          )
                                        )
                                        ELSE array(_x4)
                                      END
                                    )
                                  ),
                                  _x4 -> CASE
                                    WHEN (
                                      startswith(_x4['sv'], 'ARRAY<')
                                      AND (NOT (_x4['sv'] RLIKE '^(ARRAY<)+VOID>+$'))
                                    ) THEN transform(
                                      filter(
                                        try_variant_get(_x4['v'], '$', 'array<variant>'),
                                        _x5 -> (NOT is_variant_null(_x5))
                                      ),
                                      _x5 -> named_struct(
                                        'd', (_x4['d'] + 1), 'v', _x5, 'sv', schema_of_variant(_x5)
                                      )
                                    )
                                    ELSE array(_x4)
                                  END
                                )
                              ),
                              _x4 -> element_at(
                                transform(
                                  array(
                                    CASE
                                      WHEN startswith(_x4['sv'], 'OBJECT<') THEN 1
                                      WHEN (_x4['sv'] RLIKE '^(ARRAY<)+VOID>+$') THEN 2
                                      WHEN startswith(_x4['sv'], 'ARRAY<') THEN 3
                                      ELSE 0
                                    END
                                  ),
                                  _x5 -> element_at(
                                    transform(
                                      array(
                                        CASE
                                          WHEN (_x5 = 0) THEN element_at(
                                            transform(
                                              array(schema_of_variant(_x4['v'])),
                                              _x6 -> element_at(
                                                transform(
                                                  array(
                                                    CASE
                                                      WHEN ((_x4['v'] IS NULL) OR (_x6 = 'VOID')) THEN 'null'
                                                      WHEN (_x6 = 'BOOLEAN') THEN 'boolean'
                                                      WHEN (_x6 = 'BIGINT') THEN 'integer'
                                                      WHEN startswith(_x6, 'DECIMAL(') THEN CASE
                                                        WHEN (
                                                          (
                                                            regexp_extract(
                                                              _x6, '^DECIMAL\\(\\d+,(\\d+)\\)$', 1
                                                            ) = '0'
                                                          )
                                                          AND (
                                                            try_variant_get(_x4['v'], '$', 'bigint') IS NULL
                                                          )
                                                        ) THEN 'integer'
                                                        ELSE 'fraction'
                                                      END
                                                      WHEN (_x6 = 'DOUBLE') THEN 'fraction'
                                                      WHEN (_x6 = 'STRING') THEN 'string'
                                                      WHEN startswith(_x6, 'ARRAY<') THEN 'array'
                                                      WHEN startswith(_x6, 'OBJECT<') THEN 'object'
                                                      ELSE 'other'
                                                    END
                                                  ),
                                                  _x7 -> CASE
                                                    WHEN (_x7 = 'boolean') THEN 0
                                                    WHEN (_x7 = 'integer') THEN CASE
                                                      WHEN (
                                                        (try_variant_get(_x4['v'], '$', 'bigint') IS NOT NULL)
                                                        AND (
                                                          TRY_CAST(
                                                            try_variant_get(_x4['v'], '$', 'bigint') AS decimal(
                                                              38, 0
                                                            )
                                                          ) = try_variant_get(_x4['v'], '$', 'decimal(38,0)')
                                                        )
                                                      ) THEN 1
                                                      WHEN (
                                                        (
                                                          try_variant_get(_x4['v'], '$', 'decimal(38,0)') IS NOT NULL
                                                        )
                                                        AND (
                                                          TRY_CAST(
                                                            try_variant_get(_x4['v'], '$', 'decimal(38,0)') AS decimal(
                                                              38, 0
                                                            )
                                                          ) = try_variant_get(_x4['v'], '$', 'decimal(38,0)')
                                                        )
                                                      ) THEN 3
                                                      ELSE 6
                                                    END
                                                    WHEN (_x7 = 'fraction') THEN CASE
                                                      WHEN (
                                                        (
                                                          (
                                                            (
                                                              try_variant_get(_x4['v'], '$', 'double') IS NOT NULL
                                                            )
                                                            AND (
                                                              NOT isnan(
                                                                try_variant_get(_x4['v'], '$', 'double')
                                                              )
                                                            )
                                                          )
                                                          AND (
                                                            abs(try_variant_get(_x4['v'], '$', 'double')) < CAST(
                                                              'Infinity' AS DOUBLE
                                                            )
                                                          )
                                                        )
                                                        AND CASE
                                                          WHEN (_x6 = 'DOUBLE') THEN TRUE
                                                          ELSE (
                                                            regexp_replace(
                                                              regexp_replace(
                                                                regexp_replace(
                                                                  regexp_replace(
                                                                    CAST(
                                                                      try_variant_get(_x4['v'], '$', 'double') AS string
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
                                                                  regexp_replace(
                                                                    to_json(_x4['v']), '[eE].*$', ''
                                                                  ),
                                                                  '^-', ''
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
                                                    WHEN (_x7 = 'string') THEN CASE
                                                      WHEN (
                                                        (
                                                          (
                                                            try_variant_get(_x4['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                          )
                                                          AND (
                                                            NOT startswith(
                                                              try_variant_get(_x4['v'], '$', 'string'), '0000'
                                                            )
                                                          )
                                                        )
                                                        AND (
                                                          try_to_date(
                                                            try_variant_get(_x4['v'], '$', 'string'),
                                                            'yyyy-MM-dd'
                                                          ) IS NOT NULL
                                                        )
                                                      ) THEN 4
                                                      WHEN (
                                                        (
                                                          (
                                                            try_variant_get(_x4['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                          )
                                                          AND (
                                                            NOT startswith(
                                                              try_variant_get(_x4['v'], '$', 'string'), '0000'
                                                            )
                                                          )
                                                        )
                                                        AND (
                                                          TRY_CAST(
                                                            try_variant_get(_x4['v'], '$', 'string') AS timestamp
                                                          ) IS NOT NULL
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
                                        END
                                      ),
                                      _x6 -> named_struct(
                                        'd', _x4['d'], 'k', _x5, 't', _x6, 'x', 0, 'e',
                                        (size(split(_x4['sv'], 'ARRAY<')) - 1)
                                      )
                                    ),
                                    1
                                  )
                                ),
                                1
                              )
                            )
                          ),
                          _x4 -> element_at(
                            transform(
                              array(
                                named_struct(
                                  'prim', exists(_x4, _x5 -> (_x5['k'] = 0)), 'rec',
                                  exists(_x4, _x5 -> (_x5['k'] = 1)), 'deep',
                                  exists(_x4, _x5 -> (_x5['k'] = 3)), 'lo',
                                  array_min(transform(filter(_x4, _x5 -> (_x5['k'] <= 1)), _x5 -> _x5['d'])),
                                  'hi',
                                  array_max(transform(filter(_x4, _x5 -> (_x5['k'] <= 1)), _x5 -> _x5['d'])),
                                  'e',
                                  array_max(
                                    transform(
                                      filter(_x4, _x5 -> (_x5['k'] = 2)), _x5 -> (_x5['d'] + _x5['e'])
                                    )
                                  ),
                                  'mask',
                                  aggregate(
                                    filter(_x4, _x5 -> (_x5['k'] <= 1)), 0,
                                    (_acc5, _x5) -> (_acc5 | shiftleft(1, _x5['t']))
                                  ),
                                  'exact',
                                  aggregate(
                                    filter(_x4, _x5 -> (_x5['k'] <= 1)), 127,
                                    (_acc5, _x5) -> (_acc5 & _x5['x'])
                                  )
                                )
                              ),
                              _x5 -> CASE
                                WHEN ((_x3 IS NULL) OR is_variant_null(_x3)) THEN 'null'
                                WHEN ((NOT _x5['prim']) AND (NOT _x5['rec'])) THEN CASE
                                  WHEN _x5['deep'] THEN 'deep'
                                  ELSE 'empty'
                                END
                                WHEN (
                                  (
                                    ((_x5['prim'] AND _x5['rec']) OR (_x5['lo'] != _x5['hi']))
                                    OR coalesce((_x5['e'] > _x5['hi']), FALSE)
                                  )
                                  OR _x5['deep']
                                ) THEN element_at(
                                  array('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                  7
                                )
                                WHEN (
                                  (_x5['rec'] AND (_x5['hi'] = 0))
                                  AND (
                                    size(
                                      array_remove(
                                        map_keys(try_variant_get(_x3, '$', 'map<string,variant>')), ''
                                      )
                                    ) = 0
                                  )
                                ) THEN 'empty'
                                WHEN _x5['rec'] THEN concat('record', repeat('[]', _x5['hi']))
                                ELSE concat(
                                  CASE
                                    WHEN (_x5['hi'] = 0) THEN element_at(
                                      array(
                                        'boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'
                                      ),
                                      (element_at(_x4, 1)['t'] + 1)
                                    )
                                    ELSE 'array'
                                  END,
                                  repeat('[]', _x5['hi'])
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
                  _x3 -> element_at(
                    transform(
                      array(named_struct('b', _x3[0])),
                      _x4 -> element_at(
                        transform(
                          array(
                            named_struct(
                              'b',
                              transform(
                                CASE
                                  WHEN (_x4['b'] = 'record') THEN array(array(array(_x2['b'])))
                                  WHEN (_x4['b'] = 'record[]') THEN array(
                                    array(try_variant_get(_x2['b'], '$', 'array<variant>'))
                                  )
                                  WHEN (_x4['b'] = 'record[][]') THEN array(
                                    try_variant_get(_x2['b'], '$', 'array<array<variant>>')
                                  )
                                  WHEN (_x4['b'] = 'record[][][]') THEN try_variant_get(
                                    _x2['b'], '$', 'array<array<array<variant>>>'
                                  )
                                END,
                                _x5 -> transform(
                                  _x5,
                                  _x6 -> transform(
                                    _x6,
                                    _x7 -> CASE
                                      WHEN coalesce(startswith(schema_of_variant(_x7), 'OBJECT<'), FALSE) THEN element_at(
                                        transform(
                                          array(try_variant_get(_x7, '$', 'map<string,variant>')),
                                          _x8 -> element_at(
                                            transform(
                                              array(
                                                named_struct(
                                                  'c', _x8['c'], 'x', _x8['x'], 'y', _x8['y'], 'z', _x8['z']
                                                )
                                              ),
                                              _x9 -> element_at(
                                                transform(
                                                  array(
                                                    transform(
                                                      array(_x9['c'], _x9['x'], _x9['y'], _x9['z']),
                                                      _x10 -> element_at(
                                                        transform(
                                                          array(
                                                            transform(
                                                              flatten(
                                                                transform(
                                                                  array(
                                                                    named_struct(
                                                                      'd', 0, 'v', _x10, 'sv',
                                                                      schema_of_variant(_x10)
                                                                    )
                                                                  ),
                                                                  _x11 -> CASE
                                                                    WHEN (
                                                                      startswith(_x11['sv'], 'ARRAY<')
                                                                      AND (
                                                                        NOT (
                                                                          _x11['sv'] RLIKE '^(ARRAY<)+VOID>+$'
                                                                        )
                                                                      )
                                                                    ) THEN transform(
                                                                      filter(
                                                                        try_variant_get(
                                                                          _x11['v'], '$', 'array<variant>'
                                                                        ),
                                                                        _x12 -> (NOT is_variant_null(_x12))
                                                                      ),
                                                                      _x12 -> named_struct(
                                                                        'd', (_x11['d'] + 1), 'v', _x12, 'sv',
                                                                        schema_of_variant(_x12)
                                                                      )
                                                                    )
                                                                    ELSE array(_x11)
                                                                  END
                                                                )
                                                              ),
                                                              _x11 -> element_at(
                                                                transform(
                                                                  array(
                                                                    CASE
                                                                      WHEN startswith(_x11['sv'], 'OBJECT<') THEN 1
                                                                      WHEN (
                                                                        _x11['sv'] RLIKE '^(ARRAY<)+VOID>+$'
                                                                      ) THEN 2
                                                                      WHEN startswith(_x11['sv'], 'ARRAY<') THEN 3
                                                                      ELSE 0
                                                                    END
                                                                  ),
                                                                  _x12 -> element_at(
                                                                    transform(
                                                                      array(
                                                                        CASE
                                                                          WHEN (_x12 = 0) THEN element_at(
                                                                            transform(
                                                                              array(
                                                                                schema_of_variant(_x11['v'])
                                                                              ),
                                                                              _x13 -> element_at(
                                                                                transform(
                                                                                  array(
                                                                                    CASE
                                                                                      WHEN (
                                                                                        (_x11['v'] IS NULL)
                                                                                        OR (_x13 = 'VOID')
                                                                                      ) THEN 'null'
                                                                                      WHEN (_x13 = 'BOOLEAN') THEN 'boolean'
                                                                                      WHEN (_x13 = 'BIGINT') THEN 'integer'
                                                                                      WHEN startswith(
                                                                                        _x13, 'DECIMAL('
                                                                                      ) THEN CASE
                                                                                        WHEN (
                                                                                          (
                                                                                            regexp_extract(
                                                                                              _x13,
                                                                                              '^DECIMAL\\(\\d+,(\\d+)\\)$',
                                                                                              1
                                                                                            ) = '0'
                                                                                          )
                                                                                          AND (
                                                                                            try_variant_get(
                                                                                              _x11['v'], '$',
                                                                                              'bigint'
                                                                                            ) IS NULL
                                                                                          )
                                                                                        ) THEN 'integer'
                                                                                        ELSE 'fraction'
                                                                                      END
                                                                                      WHEN (_x13 = 'DOUBLE') THEN 'fraction'
                                                                                      WHEN (_x13 = 'STRING') THEN 'string'
                                                                                      WHEN startswith(
                                                                                        _x13, 'ARRAY<'
                                                                                      ) THEN 'array'
                                                                                      WHEN startswith(
                                                                                        _x13, 'OBJECT<'
                                                                                      ) THEN 'object'
                                                                                      ELSE 'other'
                                                                                    END
                                                                                  ),
                                                                                  _x14 -> CASE
                                                                                    WHEN (_x14 = 'boolean') THEN 0
                                                                                    WHEN (_x14 = 'integer') THEN CASE
                                                                                      WHEN (
                                                                                        (
                                                                                          try_variant_get(
                                                                                            _x11['v'], '$',
                                                                                            'bigint'
                                                                                          ) IS NOT NULL
                                                                                        )
                                                                                        AND (
                                                                                          TRY_CAST(
                                                                                            try_variant_get(
                                                                                              _x11['v'], '$',
                                                                                              'bigint'
                                                                                            ) AS decimal(38,0)
                                                                                          ) = try_variant_get(
                                                                                            _x11['v'], '$',
                                                                                            'decimal(38,0)'
                                                                                          )
                                                                                        )
                                                                                      ) THEN 1
                                                                                      WHEN (
                                                                                        (
                                                                                          try_variant_get(
                                                                                            _x11['v'], '$',
                                                                                            'decimal(38,0)'
                                                                                          ) IS NOT NULL
                                                                                        )
                                                                                        AND (
                                                                                          TRY_CAST(
                                                                                            try_variant_get(
                                                                                              _x11['v'], '$',
                                                                                              'decimal(38,0)'
                                                                                            ) AS decimal(38,0)
                                                                                          ) = try_variant_get(
                                                                                            _x11['v'], '$',
                                                                                            'decimal(38,0)'
                                                                                          )
                                                                                        )
                                                                                      ) THEN 3
                                                                                      ELSE 6
                                                                                    END
                                                                                    WHEN (_x14 = 'fraction') THEN CASE
                                                                                      WHEN (
                                                                                        (
                                                                                          (
                                                                                            (
                                                                                              try_variant_get(
                                                                                                _x11['v'],
                                                                                                '$', 'double'
                                                                                              ) IS NOT NULL
                                                                                            )
                                                                                            AND (
                                                                                              NOT isnan(
                                                                                                try_variant_get(
                                                                                                  _x11['v'],
                                                                                                  '$',
                                                                                                  'double'
                                                                                                )
                                                                                              )
                                                                                            )
                                                                                          )
                                                                                          AND (
                                                                                            abs(
                                                                                              try_variant_get(
                                                                                                _x11['v'],
                                                                                                '$', 'double'
                                                                                              )
                                                                                            ) < CAST(
                                                                                              'Infinity' AS DOUBLE
                                                                                            )
                                                                                          )
                                                                                        )
                                                                                        AND CASE
                                                                                          WHEN (
                                                                                            _x13 = 'DOUBLE'
                                                                                          ) THEN TRUE
                                                                                          ELSE (
                                                                                            regexp_replace(
                                                                                              regexp_replace(
                                                                                                regexp_replace(
                                                                                                  regexp_replace(
                                                                                                    CAST(
                                                                                                      try_variant_get(
                                                                                                        _x11['v'],
                                                                                                        '$',
                                                                                                        'double'
                                                                                                      ) AS string
                                                                                                    ),
                                                                                                    '[eE].*$',
                                                                                                    ''
                                                                                                  ),
                                                                                                  '^-', ''
                                                                                                ),
                                                                                                '\\.', ''
                                                                                              ),
                                                                                              '^0+|0+$', ''
                                                                                            ) = regexp_replace(
                                                                                              regexp_replace(
                                                                                                regexp_replace(
                                                                                                  regexp_replace(
                                                                                                    to_json(
                                                                                                      _x11['v']
                                                                                                    ),
                                                                                                    '[eE].*$',
                                                                                                    ''
                                                                                                  ),
                                                                                                  '^-', ''
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
                                                                                    WHEN (_x14 = 'string') THEN CASE
                                                                                      WHEN (
                                                                                        (
                                                                                          (
                                                                                            try_variant_get(
                                                                                              _x11['v'], '$',
                                                                                              'string'
                                                                                            ) RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                                          )
                                                                                          AND (
                                                                                            NOT startswith(
                                                                                              try_variant_get(
                                                                                                _x11['v'],
                                                                                                '$', 'string'
                                                                                              ),
                                                                                              '0000'
                                                                                            )
                                                                                          )
                                                                                        )
                                                                                        AND (
                                                                                          try_to_date(
                                                                                            try_variant_get(
                                                                                              _x11['v'], '$',
                                                                                              'string'
                                                                                            ),
                                                                                            'yyyy-MM-dd'
                                                                                          ) IS NOT NULL
                                                                                        )
                                                                                      ) THEN 4
                                                                                      WHEN (
                                                                                        (
                                                                                          (
                                                                                            try_variant_get(
                                                                                              _x11['v'], '$',
                                                                                              'string'
                                                                                            ) RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                                          )
                                                                                          AND (
                                                                                            NOT startswith(
                                                                                              try_variant_get(
                                                                                                _x11['v'],
                                                                                                '$', 'string'
                                                                                              ),
                                                                                              '0000'
                                                                                            )
                                                                                          )
                                                                                        )
                                                                                        AND (
                                                                                          TRY_CAST(
                                                                                            try_variant_get(
                                                                                              _x11['v'], '$',
                                                                                              'string'
                                                                                            ) AS timestamp
                                                                                          ) IS NOT NULL
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
                                                                        END
                                                                      ),
                                                                      _x13 -> named_struct(
                                                                        'd', _x11['d'], 'k', _x12, 't', _x13,
                                                                        'x', 0, 'e',
                                                                        (
                                                                          size(split(_x11['sv'], 'ARRAY<')) - 1
                                                                        )
                                                                      )
                                                                    ),
                                                                    1
                                                                  )
                                                                ),
                                                                1
                                                              )
                                                            )
                                                          ),
                                                          _x11 -> element_at(
                                                            transform(
                                                              array(
                                                                named_struct(
                                                                  'prim',
                                                                  exists(_x11, _x12 -> (_x12['k'] = 0)),
                                                                  'rec',
                                                                  exists(_x11, _x12 -> (_x12['k'] = 1)),
                                                                  'deep',
                                                                  exists(_x11, _x12 -> (_x12['k'] = 3)), 'lo',
                                                                  array_min(
                                                                    transform(
                                                                      filter(_x11, _x12 -> (_x12['k'] <= 1)),
                                                                      _x12 -> _x12['d']
                                                                    )
                                                                  ),
                                                                  'hi',
                                                                  array_max(
                                                                    transform(
                                                                      filter(_x11, _x12 -> (_x12['k'] <= 1)),
                                                                      _x12 -> _x12['d']
                                                                    )
                                                                  ),
                                                                  'e',
                                                                  array_max(
                                                                    transform(
                                                                      filter(_x11, _x12 -> (_x12['k'] = 2)),
                                                                      _x12 -> (_x12['d'] + _x12['e'])
                                                                    )
                                                                  ),
                                                                  'mask',
                                                                  aggregate(
                                                                    filter(_x11, _x12 -> (_x12['k'] <= 1)), 0,
                                                                    (_acc12, _x12) -> (
                                                                      _acc12 | shiftleft(1, _x12['t'])
                                                                    )
                                                                  ),
                                                                  'exact',
                                                                  aggregate(
                                                                    filter(_x11, _x12 -> (_x12['k'] <= 1)),
                                                                    127,
                                                                    (_acc12, _x12) -> (_acc12 & _x12['x'])
                                                                  )
                                                                )
                                                              ),
                                                              _x12 -> CASE
                                                                WHEN ((_x10 IS NULL) OR is_variant_null(_x10)) THEN 'null'
                                                                WHEN ((NOT _x12['prim']) AND (NOT _x12['rec'])) THEN CASE
                                                                  WHEN _x12['deep'] THEN 'deep'
                                                                  ELSE 'empty'
                                                                END
                                                                WHEN (
                                                                  (
                                                                    (
                                                                      (_x12['prim'] AND _x12['rec'])
                                                                      OR (_x12['lo'] != _x12['hi'])
                                                                    )
                                                                    OR coalesce(
                                                                      (_x12['e'] > _x12['hi']), FALSE
                                                                    )
                                                                  )
                                                                  OR _x12['deep']
                                                                ) THEN element_at(
                                                                  array(
                                                                    'boolean', 'long', 'double', 'decimal',
                                                                    'date', 'timestamp', 'string'
                                                                  ),
                                                                  7
                                                                )
                                                                WHEN (
                                                                  (_x12['rec'] AND (_x12['hi'] = 0))
                                                                  AND (
                                                                    size(
                                                                      array_remove(
                                                                        map_keys(
                                                                          try_variant_get(
                                                                            _x10, '$', 'map<string,variant>'
                                                                          )
                                                                        ),
                                                                        ''
                                                                      )
                                                                    ) = 0
                                                                  )
                                                                ) THEN 'empty'
                                                                WHEN _x12['rec'] THEN concat(
                                                                  'record', repeat('[]', _x12['hi'])
                                                                )
                                                                ELSE concat(
                                                                  CASE
                                                                    WHEN (_x12['hi'] = 0) THEN element_at(
                                                                      array(
                                                                        'boolean', 'long', 'double',
                                                                        'decimal', 'date', 'timestamp',
                                                                        'string'
                                                                      ),
                                                                      (element_at(_x11, 1)['t'] + 1)
                                                                    )
                                                                    ELSE 'array'
                                                                  END,
                                                                  repeat('[]', _x12['hi'])
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
                                                  _x10 -> element_at(
                                                    transform(
                                                      array(
                                                        named_struct(
                                                          'c', _x10[0], 'x', _x10[1], 'y', _x10[2], 'z',
                                                          _x10[3]
                                                        )
                                                      ),
                                                      _x11 -> element_at(
                                                        transform(
                                                          array(
                                                            named_struct(
                                                              'as_string',
                                                              transform(
                                                                array(
                                                                  named_struct('v', _x9['c'], 's', _x11['c']),
                                                                  named_struct('v', _x9['x'], 's', _x11['x']),
                                                                  named_struct('v', _x9['y'], 's', _x11['y']),
                                                                  named_struct('v', _x9['z'], 's', _x11['z'])
                                                                ),
                                                                _x12 -> CASE
                                                                  WHEN (_x12['s'] = 'boolean') THEN CAST(
                                                                    try_variant_get(_x12['v'], '$', 'boolean') AS string
                                                                  )
                                                                  WHEN (_x12['s'] = 'long') THEN CAST(
                                                                    try_variant_get(_x12['v'], '$', 'bigint') AS string
                                                                  )
                                                                  WHEN (_x12['s'] = 'double') THEN element_at(
                                                                    transform(
                                                                      array(
                                                                        (
                                                                          try_variant_get(
                                                                            _x12['v'], '$', 'double'
                                                                          ) + CAST(0.0D AS double)
                                                                        )
                                                                      ),
                                                                      _x13 -> CASE
                                                                        WHEN isnan(_x13) THEN 'NaN'
                                                                        WHEN (
                                                                          _x13 = CAST('Infinity' AS DOUBLE)
                                                                        ) THEN 'Infinity'
                                                                        WHEN (
                                                                          _x13 = CAST('-Infinity' AS DOUBLE)
                                                                        ) THEN '-Infinity'
                                                                        ELSE element_at(
                                                                          transform(
                                                                            array(
                                                                              CASE
                                                                                WHEN (
                                                                                  TRY_CAST(
                                                                                    format_string(
                                                                                      '%.0e', _x13
                                                                                    ) AS double
                                                                                  ) = _x13
                                                                                ) THEN format_string(
                                                                                  '%.0e', _x13
                                                                                )
                                                                                WHEN (
                                                                                  TRY_CAST(
                                                                                    format_string(
                                                                                      '%.1e', _x13
                                                                                    ) AS double
                                                                                  ) = _x13
                                                                                ) THEN format_string(
                                                                                  '%.1e', _x13
                                                                                )
                                                                                WHEN (
                                                                                  TRY_CAST(
                                                                                    format_string(
                                                                                      '%.2e', _x13
                                                                                    ) AS double
                                                                                  ) = _x13
                                                                                ) THEN format_string(
                                                                                  '%.2e', _x13
                                                                                )
                                                                                WHEN (
                                                                                  TRY_CAST(
                                                                                    format_string(
                                                                                      '%.3e', _x13
                                                                                    ) AS double
                                                                                  ) = _x13
                                                                                ) THEN format_string(
                                                                                  '%.3e', _x13
                                                                                )
                                                                                WHEN (
                                                                                  TRY_CAST(
                                                                                    format_string(
                                                                                      '%.4e', _x13
                                                                                    ) AS double
                                                                                  ) = _x13
                                                                                ) THEN format_string(
                                                                                  '%.4e', _x13
                                                                                )
                                                                                WHEN (
                                                                                  TRY_CAST(
                                                                                    format_string(
                                                                                      '%.5e', _x13
                                                                                    ) AS double
                                                                                  ) = _x13
                                                                                ) THEN format_string(
                                                                                  '%.5e', _x13
                                                                                )
                                                                                WHEN (
                                                                                  TRY_CAST(
                                                                                    format_string(
                                                                                      '%.6e', _x13
                                                                                    ) AS double
                                                                                  ) = _x13
                                                                                ) THEN format_string(
                                                                                  '%.6e', _x13
                                                                                )
                                                                                WHEN (
                                                                                  TRY_CAST(
                                                                                    format_string(
                                                                                      '%.7e', _x13
                                                                                    ) AS double
                                                                                  ) = _x13
                                                                                ) THEN format_string(
                                                                                  '%.7e', _x13
                                                                                )
                                                                                WHEN (
                                                                                  TRY_CAST(
                                                                                    format_string(
                                                                                      '%.8e', _x13
                                                                                    ) AS double
                                                                                  ) = _x13
                                                                                ) THEN format_string(
                                                                                  '%.8e', _x13
                                                                                )
                                                                                WHEN (
                                                                                  TRY_CAST(
                                                                                    format_string(
                                                                                      '%.9e', _x13
                                                                                    ) AS double
                                                                                  ) = _x13
                                                                                ) THEN format_string(
                                                                                  '%.9e', _x13
                                                                                )
                                                                                WHEN (
                                                                                  TRY_CAST(
                                                                                    format_string(
                                                                                      '%.10e', _x13
                                                                                    ) AS double
                                                                                  ) = _x13
                                                                                ) THEN format_string(
                                                                                  '%.10e', _x13
                                                                                )
                                                                                WHEN (
                                                                                  TRY_CAST(
                                                                                    format_string(
                                                                                      '%.11e', _x13
                                                                                    ) AS double
                                                                                  ) = _x13
                                                                                ) THEN format_string(
                                                                                  '%.11e', _x13
                                                                                )
                                                                                WHEN (
                                                                                  TRY_CAST(
                                                                                    format_string(
                                                                                      '%.12e', _x13
                                                                                    ) AS double
                                                                                  ) = _x13
                                                                                ) THEN format_string(
                                                                                  '%.12e', _x13
                                                                                )
                                                                                WHEN (
                                                                                  TRY_CAST(
                                                                                    format_string(
                                                                                      '%.13e', _x13
                                                                                    ) AS double
                                                                                  ) = _x13
                                                                                ) THEN format_string(
                                                                                  '%.13e', _x13
                                                                                )
                                                                                WHEN (
                                                                                  TRY_CAST(
                                                                                    format_string(
                                                                                      '%.14e', _x13
                                                                                    ) AS double
                                                                                  ) = _x13
                                                                                ) THEN format_string(
                                                                                  '%.14e', _x13
                                                                                )
                                                                                WHEN (
                                                                                  TRY_CAST(
                                                                                    format_string(
                                                                                      '%.15e', _x13
                                                                                    ) AS double
                                                                                  ) = _x13
                                                                                ) THEN format_string(
                                                                                  '%.15e', _x13
                                                                                )
                                                                                WHEN (
                                                                                  TRY_CAST(
                                                                                    format_string(
                                                                                      '%.16e', _x13
                                                                                    ) AS double
                                                                                  ) = _x13
                                                                                ) THEN format_string(
                                                                                  '%.16e', _x13
                                                                                )
                                                                                ELSE format_string(
                                                                                  '%.16e', _x13
                                                                                )
                                                                              END
                                                                            ),
                                                                            _x14 -> CASE
                                                                              WHEN (_x13 IS NULL) THEN NULL
                                                                              WHEN (_x13 = 0) THEN CASE
                                                                                WHEN startswith(
                                                                                  format_string('%s', _x13),
                                                                                  '-'
                                                                                ) THEN '-0.0'
                                                                                ELSE '0.0'
                                                                              END
                                                                              ELSE concat(
                                                                                CASE
                                                                                  WHEN startswith(_x14, '-') THEN '-'
                                                                                  ELSE ''
                                                                                END,
                                                                                CASE
                                                                                  WHEN (
                                                                                    (abs(_x13) >= 0.001D)
                                                                                    AND (
                                                                                      abs(_x13) < 10000000.0D
                                                                                    )
                                                                                  ) THEN CASE
                                                                                    WHEN (
                                                                                      (
                                                                                        CAST(
                                                                                          regexp_extract(
                                                                                            regexp_replace(
                                                                                              _x14, '^-', ''
                                                                                            ),
                                                                                            'e([+-][0-9]+)$',
                                                                                            1
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
                                                                                                regexp_replace(
                                                                                                  _x14, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                'e([+-][0-9]+)$',
                                                                                                1
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
                                                                                                regexp_replace(
                                                                                                  _x14, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
                                                                                              ),
                                                                                              '\\.', ''
                                                                                            ),
                                                                                            '0+$', ''
                                                                                          ) = ''
                                                                                        ) THEN '0'
                                                                                        ELSE regexp_replace(
                                                                                          regexp_replace(
                                                                                            regexp_extract(
                                                                                              regexp_replace(
                                                                                                _x14, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
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
                                                                                            regexp_replace(
                                                                                              _x14, '^-', ''
                                                                                            ),
                                                                                            'e([+-][0-9]+)$',
                                                                                            1
                                                                                          ) AS int
                                                                                        ) + 1
                                                                                      ) >= length(
                                                                                        CASE
                                                                                          WHEN (
                                                                                            regexp_replace(
                                                                                              regexp_replace(
                                                                                                regexp_extract(
                                                                                                  regexp_replace(
                                                                                                    _x14,
                                                                                                    '^-', ''
                                                                                                  ),
                                                                                                  '^([0-9.]+)e',
                                                                                                  1
                                                                                                ),
                                                                                                '\\.', ''
                                                                                              ),
                                                                                              '0+$', ''
                                                                                            ) = ''
                                                                                          ) THEN '0'
                                                                                          ELSE regexp_replace(
                                                                                            regexp_replace(
                                                                                              regexp_extract(
                                                                                                regexp_replace(
                                                                                                  _x14, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
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
                                                                                                regexp_replace(
                                                                                                  _x14, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
                                                                                              ),
                                                                                              '\\.', ''
                                                                                            ),
                                                                                            '0+$', ''
                                                                                          ) = ''
                                                                                        ) THEN '0'
                                                                                        ELSE regexp_replace(
                                                                                          regexp_replace(
                                                                                            regexp_extract(
                                                                                              regexp_replace(
                                                                                                _x14, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
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
                                                                                                regexp_replace(
                                                                                                  _x14, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                'e([+-][0-9]+)$',
                                                                                                1
                                                                                              ) AS int
                                                                                            ) + 1
                                                                                          ) - length(
                                                                                            CASE
                                                                                              WHEN (
                                                                                                regexp_replace(
                                                                                                  regexp_replace(
                                                                                                    regexp_extract(
                                                                                                      regexp_replace(
                                                                                                        _x14,
                                                                                                        '^-',
                                                                                                        ''
                                                                                                      ),
                                                                                                      '^([0-9.]+)e',
                                                                                                      1
                                                                                                    ),
                                                                                                    '\\.', ''
                                                                                                  ),
                                                                                                  '0+$', ''
                                                                                                ) = ''
                                                                                              ) THEN '0'
                                                                                              ELSE regexp_replace(
                                                                                                regexp_replace(
                                                                                                  regexp_extract(
                                                                                                    regexp_replace(
                                                                                                      _x14,
                                                                                                      '^-', ''
                                                                                                    ),
                                                                                                    '^([0-9.]+)e',
                                                                                                    1
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
                                                                                                  regexp_replace(
                                                                                                    _x14,
                                                                                                    '^-', ''
                                                                                                  ),
                                                                                                  '^([0-9.]+)e',
                                                                                                  1
                                                                                                ),
                                                                                                '\\.', ''
                                                                                              ),
                                                                                              '0+$', ''
                                                                                            ) = ''
                                                                                          ) THEN '0'
                                                                                          ELSE regexp_replace(
                                                                                            regexp_replace(
                                                                                              regexp_extract(
                                                                                                regexp_replace(
                                                                                                  _x14, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
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
                                                                                              regexp_replace(
                                                                                                _x14, '^-', ''
                                                                                              ),
                                                                                              'e([+-][0-9]+)$',
                                                                                              1
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
                                                                                                  regexp_replace(
                                                                                                    _x14,
                                                                                                    '^-', ''
                                                                                                  ),
                                                                                                  '^([0-9.]+)e',
                                                                                                  1
                                                                                                ),
                                                                                                '\\.', ''
                                                                                              ),
                                                                                              '0+$', ''
                                                                                            ) = ''
                                                                                          ) THEN '0'
                                                                                          ELSE regexp_replace(
                                                                                            regexp_replace(
                                                                                              regexp_extract(
                                                                                                regexp_replace(
                                                                                                  _x14, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
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
                                                                                                regexp_replace(
                                                                                                  _x14, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                'e([+-][0-9]+)$',
                                                                                                1
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
                                                                                                      regexp_replace(
                                                                                                        _x14,
                                                                                                        '^-',
                                                                                                        ''
                                                                                                      ),
                                                                                                      '^([0-9.]+)e',
                                                                                                      1
                                                                                                    ),
                                                                                                    '\\.', ''
                                                                                                  ),
                                                                                                  '0+$', ''
                                                                                                ) = ''
                                                                                              ) THEN '0'
                                                                                              ELSE regexp_replace(
                                                                                                regexp_replace(
                                                                                                  regexp_extract(
                                                                                                    regexp_replace(
                                                                                                      _x14,
                                                                                                      '^-', ''
                                                                                                    ),
                                                                                                    '^([0-9.]+)e',
                                                                                                    1
                                                                                                  ),
                                                                                                  '\\.', ''
                                                                                                ),
                                                                                                '0+$', ''
                                                                                              )
                                                                                            END
                                                                                          ) - (
                                                                                            CAST(
                                                                                              regexp_extract(
                                                                                                regexp_replace(
                                                                                                  _x14, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                'e([+-][0-9]+)$',
                                                                                                1
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
                                                                                                regexp_replace(
                                                                                                  _x14, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
                                                                                              ),
                                                                                              '\\.', ''
                                                                                            ),
                                                                                            '0+$', ''
                                                                                          ) = ''
                                                                                        ) THEN '0'
                                                                                        ELSE regexp_replace(
                                                                                          regexp_replace(
                                                                                            regexp_extract(
                                                                                              regexp_replace(
                                                                                                _x14, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
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
                                                                                                    regexp_replace(
                                                                                                      _x14,
                                                                                                      '^-', ''
                                                                                                    ),
                                                                                                    '^([0-9.]+)e',
                                                                                                    1
                                                                                                  ),
                                                                                                  '\\.', ''
                                                                                                ),
                                                                                                '0+$', ''
                                                                                              ) = ''
                                                                                            ) THEN '0'
                                                                                            ELSE regexp_replace(
                                                                                              regexp_replace(
                                                                                                regexp_extract(
                                                                                                  regexp_replace(
                                                                                                    _x14,
                                                                                                    '^-', ''
                                                                                                  ),
                                                                                                  '^([0-9.]+)e',
                                                                                                  1
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
                                                                                                  regexp_replace(
                                                                                                    _x14,
                                                                                                    '^-', ''
                                                                                                  ),
                                                                                                  '^([0-9.]+)e',
                                                                                                  1
                                                                                                ),
                                                                                                '\\.', ''
                                                                                              ),
                                                                                              '0+$', ''
                                                                                            ) = ''
                                                                                          ) THEN '0'
                                                                                          ELSE regexp_replace(
                                                                                            regexp_replace(
                                                                                              regexp_extract(
                                                                                                regexp_replace(
                                                                                                  _x14, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
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
                                                                                                    regexp_replace(
                                                                                                      _x14,
                                                                                                      '^-', ''
                                                                                                    ),
                                                                                                    '^([0-9.]+)e',
                                                                                                    1
                                                                                                  ),
                                                                                                  '\\.', ''
                                                                                                ),
                                                                                                '0+$', ''
                                                                                              ) = ''
                                                                                            ) THEN '0'
                                                                                            ELSE regexp_replace(
                                                                                              regexp_replace(
                                                                                                regexp_extract(
                                                                                                  regexp_replace(
                                                                                                    _x14,
                                                                                                    '^-', ''
                                                                                                  ),
                                                                                                  '^([0-9.]+)e',
                                                                                                  1
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
                                                                                          regexp_replace(
                                                                                            _x14, '^-', ''
                                                                                          ),
                                                                                          'e([+-][0-9]+)$', 1
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
                                                                  WHEN (_x12['s'] = 'decimal') THEN CAST(
                                                                    try_variant_get(
                                                                      _x12['v'], '$', 'decimal(38,0)'
                                                                    ) AS string
                                                                  )
                                                                  WHEN (_x12['s'] = 'date') THEN date_format(
                                                                    try_to_date(
                                                                      try_variant_get(
                                                                        _x12['v'], '$', 'string'
                                                                      ),
                                                                      'yyyy-MM-dd'
                                                                    ),
                                                                    'yyyy-MM-dd'
                                                                  )
                                                                  WHEN (_x12['s'] = 'timestamp') THEN element_at(
                                                                    transform(
                                                                      array(
                                                                        TRY_CAST(
                                                                          try_variant_get(
                                                                            _x12['v'], '$', 'string'
                                                                          ) AS timestamp
                                                                        )
                                                                      ),
                                                                      _x13 -> CASE
                                                                        WHEN (_x13 IS NULL) THEN NULL
                                                                        ELSE concat(
                                                                          date_format(
                                                                            _x13, 'yyyy-MM-dd\'T\'HH:mm:ss'
                                                                          ),
                                                                          CASE
                                                                            WHEN (
                                                                              pmod(unix_micros(_x13), 1000000) = 0
                                                                            ) THEN ''
                                                                            ELSE concat(
                                                                              '.',
                                                                              lpad(
                                                                                CAST(
                                                                                  pmod(
                                                                                    unix_micros(_x13), 1000000
                                                                                  ) AS string
                                                                                ),
                                                                                6, '0'
                                                                              )
                                                                            )
                                                                          END,
                                                                          'Z'
                                                                        )
                                                                      END
                                                                    ),
                                                                    1
                                                                  )
                                                                  WHEN (_x12['s'] = 'string') THEN CASE
                                                                    WHEN (
                                                                      schema_of_variant(_x12['v']) = 'STRING'
                                                                    ) THEN try_variant_get(
                                                                      _x12['v'], '$', 'string'
                                                                    )
                                                                    WHEN (NOT is_variant_null(_x12['v'])) THEN to_json(
                                                                      _x12['v']
                                                                    )
                                                                  END
                                                                END
                                                              )
                                                            )
                                                          ),
                                                          _x12 -> element_at(
                                                            transform(
                                                              array(
                                                                named_struct(
                                                                  'c',
                                                                  CAST(
                                                                    CASE
                                                                      WHEN (_x11['c'] IN ('string')) THEN named_struct(
                                                                        'c', _x12['as_string'][0], 'x',
                                                                        _x12['as_string'][1], 'y',
                                                                        _x12['as_string'][2], 'z',
                                                                        _x12['as_string'][3]
                                                                      )['c']
                                                                    END AS STRING
                                                                  ),
                                                                  'x',
                                                                  CAST(
                                                                    CASE
                                                                      WHEN (_x11['x'] IN ('string')) THEN named_struct(
                                                                        'c', _x12['as_string'][0], 'x',
                                                                        _x12['as_string'][1], 'y',
                                                                        _x12['as_string'][2], 'z',
                                                                        _x12['as_string'][3]
                                                                      )['x']
                                                                    END AS STRING
                                                                  ),
                                                                  'y',
                                                                  CAST(
                                                                    CASE
                                                                      WHEN (_x11['y'] IN ('string')) THEN named_struct(
                                                                        'c', _x12['as_string'][0], 'x',
                                                                        _x12['as_string'][1], 'y',
                                                                        _x12['as_string'][2], 'z',
                                                                        _x12['as_string'][3]
                                                                      )['y']
                                                                    END AS STRING
                                                                  ),
                                                                  'z',
                                                                  CAST(
                                                                    CASE
                                                                      WHEN (_x11['z'] IN ('string')) THEN named_struct(
                                                                        'c', _x12['as_string'][0], 'x',
                                                                        _x12['as_string'][1], 'y',
                                                                        _x12['as_string'][2], 'z',
                                                                        _x12['as_string'][3]
                                                                      )['z']
                                                                    END AS STRING
                                                                  )
                                                                )
                                                              ),
                                                              _x13 -> named_struct(
                                                                'c', _x13['c'], 'x', _x13['x'], 'y',
                                                                _x13['y'], 'z', _x13['z'], '__lost',
                                                                coalesce(
                                                                  (
                                                                    (
                                                                      (
                                                                        (
                                                                          (
                                                                            size(
                                                                              array_except(
                                                                                map_keys(_x8),
                                                                                array('c', 'x', 'y', 'z', '')
                                                                              )
                                                                            ) > 0
                                                                          )
                                                                          OR (
                                                                            (
                                                                              NOT (
                                                                                _x11['c'] IN ('null', 'empty')
                                                                              )
                                                                            )
                                                                            AND (NOT (_x13['c'] IS NOT NULL))
                                                                          )
                                                                        )
                                                                        OR (
                                                                          (
                                                                            NOT (
                                                                              _x11['x'] IN ('null', 'empty')
                                                                            )
                                                                          )
                                                                          AND (NOT (_x13['x'] IS NOT NULL))
                                                                        )
                                                                      )
                                                                      OR (
                                                                        (NOT (_x11['y'] IN ('null', 'empty')))
                                                                        AND (NOT (_x13['y'] IS NOT NULL))
                                                                      )
                                                                    )
                                                                    OR (
                                                                      (NOT (_x11['z'] IN ('null', 'empty')))
                                                                      AND (NOT (_x13['z'] IS NOT NULL))
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
                                            ),
                                            1
                                          )
                                        ),
                                        1
                                      )
                                    END
                                  )
                                )
                              ),
                              'b_record',
                              CASE
                                WHEN coalesce(
                                  startswith(
                                    schema_of_variant(CASE WHEN (_x4['b'] = 'record') THEN _x2['b'] END),
                                    'OBJECT<'
                                  ),
                                  FALSE
                                ) THEN element_at(
                                  transform(
                                    array(
                                      try_variant_get(
                                        CASE WHEN (_x4['b'] = 'record') THEN _x2['b'] END, '$',
                                        'map<string,variant>'
                                      )
                                    ),
                                    _x5 -> element_at(
                                      transform(
                                        array(named_struct('c', _x5['c'])),
                                        _x6 -> element_at(
                                          transform(
                                            array(
                                              transform(
                                                array(_x6['c']),
                                                _x7 -> element_at(
                                                  transform(
                                                    array(
                                                      transform(
                                                        flatten(
                                                          transform(
                                                            array(
                                                              named_struct(
                                                                'd', 0, 'v', _x7, 'sv', schema_of_variant(_x7)
                                                              )
                                                            ),
                                                            _x8 -> CASE
                                                              WHEN (
                                                                startswith(_x8['sv'], 'ARRAY<')
                                                                AND (NOT (_x8['sv'] RLIKE '^(ARRAY<)+VOID>+$'))
                                                              ) THEN transform(
                                                                filter(
                                                                  try_variant_get(
                                                                    _x8['v'], '$', 'array<variant>'
                                                                  ),
                                                                  _x9 -> (NOT is_variant_null(_x9))
                                                                ),
                                                                _x9 -> named_struct(
                                                                  'd', (_x8['d'] + 1), 'v', _x9, 'sv',
                                                                  schema_of_variant(_x9)
                                                                )
                                                              )
                                                              ELSE array(_x8)
                                                            END
                                                          )
                                                        ),
                                                        _x8 -> element_at(
                                                          transform(
                                                            array(
                                                              CASE
                                                                WHEN startswith(_x8['sv'], 'OBJECT<') THEN 1
                                                                WHEN (_x8['sv'] RLIKE '^(ARRAY<)+VOID>+$') THEN 2
                                                                WHEN startswith(_x8['sv'], 'ARRAY<') THEN 3
                                                                ELSE 0
                                                              END
                                                            ),
                                                            _x9 -> element_at(
                                                              transform(
                                                                array(
                                                                  CASE
                                                                    WHEN (_x9 = 0) THEN element_at(
                                                                      transform(
                                                                        array(schema_of_variant(_x8['v'])),
                                                                        _x10 -> element_at(
                                                                          transform(
                                                                            array(
                                                                              CASE
                                                                                WHEN (
                                                                                  (_x8['v'] IS NULL)
                                                                                  OR (_x10 = 'VOID')
                                                                                ) THEN 'null'
                                                                                WHEN (_x10 = 'BOOLEAN') THEN 'boolean'
                                                                                WHEN (_x10 = 'BIGINT') THEN 'integer'
                                                                                WHEN startswith(
                                                                                  _x10, 'DECIMAL('
                                                                                ) THEN CASE
                                                                                  WHEN (
                                                                                    (
                                                                                      regexp_extract(
                                                                                        _x10,
                                                                                        '^DECIMAL\\(\\d+,(\\d+)\\)$',
                                                                                        1
                                                                                      ) = '0'
                                                                                    )
                                                                                    AND (
                                                                                      try_variant_get(
                                                                                        _x8['v'], '$',
                                                                                        'bigint'
                                                                                      ) IS NULL
                                                                                    )
                                                                                  ) THEN 'integer'
                                                                                  ELSE 'fraction'
                                                                                END
                                                                                WHEN (_x10 = 'DOUBLE') THEN 'fraction'
                                                                                WHEN (_x10 = 'STRING') THEN 'string'
                                                                                WHEN startswith(
                                                                                  _x10, 'ARRAY<'
                                                                                ) THEN 'array'
                                                                                WHEN startswith(
                                                                                  _x10, 'OBJECT<'
                                                                                ) THEN 'object'
                                                                                ELSE 'other'
                                                                              END
                                                                            ),
                                                                            _x11 -> CASE
                                                                              WHEN (_x11 = 'boolean') THEN 0
                                                                              WHEN (_x11 = 'integer') THEN CASE
                                                                                WHEN (
                                                                                  (
                                                                                    try_variant_get(
                                                                                      _x8['v'], '$', 'bigint'
                                                                                    ) IS NOT NULL
                                                                                  )
                                                                                  AND (
                                                                                    TRY_CAST(
                                                                                      try_variant_get(
                                                                                        _x8['v'], '$',
                                                                                        'bigint'
                                                                                      ) AS decimal(38,0)
                                                                                    ) = try_variant_get(
                                                                                      _x8['v'], '$',
                                                                                      'decimal(38,0)'
                                                                                    )
                                                                                  )
                                                                                ) THEN 1
                                                                                WHEN (
                                                                                  (
                                                                                    try_variant_get(
                                                                                      _x8['v'], '$',
                                                                                      'decimal(38,0)'
                                                                                    ) IS NOT NULL
                                                                                  )
                                                                                  AND (
                                                                                    TRY_CAST(
                                                                                      try_variant_get(
                                                                                        _x8['v'], '$',
                                                                                        'decimal(38,0)'
                                                                                      ) AS decimal(38,0)
                                                                                    ) = try_variant_get(
                                                                                      _x8['v'], '$',
                                                                                      'decimal(38,0)'
                                                                                    )
                                                                                  )
                                                                                ) THEN 3
                                                                                ELSE 6
                                                                              END
                                                                              WHEN (_x11 = 'fraction') THEN CASE
                                                                                WHEN (
                                                                                  (
                                                                                    (
                                                                                      (
                                                                                        try_variant_get(
                                                                                          _x8['v'], '$',
                                                                                          'double'
                                                                                        ) IS NOT NULL
                                                                                      )
                                                                                      AND (
                                                                                        NOT isnan(
                                                                                          try_variant_get(
                                                                                            _x8['v'], '$',
                                                                                            'double'
                                                                                          )
                                                                                        )
                                                                                      )
                                                                                    )
                                                                                    AND (
                                                                                      abs(
                                                                                        try_variant_get(
                                                                                          _x8['v'], '$',
                                                                                          'double'
                                                                                        )
                                                                                      ) < CAST(
                                                                                        'Infinity' AS DOUBLE
                                                                                      )
                                                                                    )
                                                                                  )
                                                                                  AND CASE
                                                                                    WHEN (_x10 = 'DOUBLE') THEN TRUE
                                                                                    ELSE (
                                                                                      regexp_replace(
                                                                                        regexp_replace(
                                                                                          regexp_replace(
                                                                                            regexp_replace(
                                                                                              CAST(
                                                                                                try_variant_get(
                                                                                                  _x8['v'],
                                                                                                  '$',
                                                                                                  'double'
                                                                                                ) AS string
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
                                                                                            regexp_replace(
                                                                                              to_json(
                                                                                                _x8['v']
                                                                                              ),
                                                                                              '[eE].*$', ''
                                                                                            ),
                                                                                            '^-', ''
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
                                                                              WHEN (_x11 = 'string') THEN CASE
                                                                                WHEN (
                                                                                  (
                                                                                    (
                                                                                      try_variant_get(
                                                                                        _x8['v'], '$',
                                                                                        'string'
                                                                                      ) RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                                    )
                                                                                    AND (
                                                                                      NOT startswith(
                                                                                        try_variant_get(
                                                                                          _x8['v'], '$',
                                                                                          'string'
                                                                                        ),
                                                                                        '0000'
                                                                                      )
                                                                                    )
                                                                                  )
                                                                                  AND (
                                                                                    try_to_date(
                                                                                      try_variant_get(
                                                                                        _x8['v'], '$',
                                                                                        'string'
                                                                                      ),
                                                                                      'yyyy-MM-dd'
                                                                                    ) IS NOT NULL
                                                                                  )
                                                                                ) THEN 4
                                                                                WHEN (
                                                                                  (
                                                                                    (
                                                                                      try_variant_get(
                                                                                        _x8['v'], '$',
                                                                                        'string'
                                                                                      ) RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                                    )
                                                                                    AND (
                                                                                      NOT startswith(
                                                                                        try_variant_get(
                                                                                          _x8['v'], '$',
                                                                                          'string'
                                                                                        ),
                                                                                        '0000'
                                                                                      )
                                                                                    )
                                                                                  )
                                                                                  AND (
                                                                                    TRY_CAST(
                                                                                      try_variant_get(
                                                                                        _x8['v'], '$',
                                                                                        'string'
                                                                                      ) AS timestamp
                                                                                    ) IS NOT NULL
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
                                                                  END
                                                                ),
                                                                _x10 -> named_struct(
                                                                  'd', _x8['d'], 'k', _x9, 't', _x10, 'x', 0,
                                                                  'e', (size(split(_x8['sv'], 'ARRAY<')) - 1)
                                                                )
                                                              ),
                                                              1
                                                            )
                                                          ),
                                                          1
                                                        )
                                                      )
                                                    ),
                                                    _x8 -> element_at(
                                                      transform(
                                                        array(
                                                          named_struct(
                                                            'prim', exists(_x8, _x9 -> (_x9['k'] = 0)), 'rec',
                                                            exists(_x8, _x9 -> (_x9['k'] = 1)), 'deep',
                                                            exists(_x8, _x9 -> (_x9['k'] = 3)), 'lo',
                                                            array_min(
                                                              transform(
                                                                filter(_x8, _x9 -> (_x9['k'] <= 1)),
                                                                _x9 -> _x9['d']
                                                              )
                                                            ),
                                                            'hi',
                                                            array_max(
                                                              transform(
                                                                filter(_x8, _x9 -> (_x9['k'] <= 1)),
                                                                _x9 -> _x9['d']
                                                              )
                                                            ),
                                                            'e',
                                                            array_max(
                                                              transform(
                                                                filter(_x8, _x9 -> (_x9['k'] = 2)),
                                                                _x9 -> (_x9['d'] + _x9['e'])
                                                              )
                                                            ),
                                                            'mask',
                                                            aggregate(
                                                              filter(_x8, _x9 -> (_x9['k'] <= 1)), 0,
                                                              (_acc9, _x9) -> (_acc9 | shiftleft(1, _x9['t']))
                                                            ),
                                                            'exact',
                                                            aggregate(
                                                              filter(_x8, _x9 -> (_x9['k'] <= 1)), 127,
                                                              (_acc9, _x9) -> (_acc9 & _x9['x'])
                                                            )
                                                          )
                                                        ),
                                                        _x9 -> CASE
                                                          WHEN ((_x7 IS NULL) OR is_variant_null(_x7)) THEN 'null'
                                                          WHEN ((NOT _x9['prim']) AND (NOT _x9['rec'])) THEN CASE
                                                            WHEN _x9['deep'] THEN 'deep'
                                                            ELSE 'empty'
                                                          END
                                                          WHEN (
                                                            (
                                                              (
                                                                (_x9['prim'] AND _x9['rec'])
                                                                OR (_x9['lo'] != _x9['hi'])
                                                              )
                                                              OR coalesce((_x9['e'] > _x9['hi']), FALSE)
                                                            )
                                                            OR _x9['deep']
                                                          ) THEN element_at(
                                                            array(
                                                              'boolean', 'long', 'double', 'decimal', 'date',
                                                              'timestamp', 'string'
                                                            ),
                                                            7
                                                          )
                                                          WHEN (
                                                            (_x9['rec'] AND (_x9['hi'] = 0))
                                                            AND (
                                                              size(
                                                                array_remove(
                                                                  map_keys(
                                                                    try_variant_get(
                                                                      _x7, '$', 'map<string,variant>'
                                                                    )
                                                                  ),
                                                                  ''
                                                                )
                                                              ) = 0
                                                            )
                                                          ) THEN 'empty'
                                                          WHEN _x9['rec'] THEN concat(
                                                            'record', repeat('[]', _x9['hi'])
                                                          )
                                                          ELSE concat(
                                                            CASE
                                                              WHEN (_x9['hi'] = 0) THEN element_at(
                                                                array(
                                                                  'boolean', 'long', 'double', 'decimal',
                                                                  'date', 'timestamp', 'string'
                                                                ),
                                                                (element_at(_x8, 1)['t'] + 1)
                                                              )
                                                              ELSE 'array'
                                                            END,
                                                            repeat('[]', _x9['hi'])
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
                                            _x7 -> element_at(
                                              transform(
                                                array(named_struct('c', _x7[0])),
                                                _x8 -> element_at(
                                                  transform(
                                                    array(
                                                      named_struct(
                                                        'as_string',
                                                        transform(
                                                          array(named_struct('v', _x6['c'], 's', _x8['c'])),
                                                          _x9 -> CASE
                                                            WHEN (_x9['s'] = 'boolean') THEN CAST(
                                                              try_variant_get(_x9['v'], '$', 'boolean') AS string
                                                            )
                                                            WHEN (_x9['s'] = 'long') THEN CAST(
                                                              try_variant_get(_x9['v'], '$', 'bigint') AS string
                                                            )
                                                            WHEN (_x9['s'] = 'double') THEN element_at(
                                                              transform(
                                                                array(
                                                                  (
                                                                    try_variant_get(_x9['v'], '$', 'double') + CAST(
                                                                      0.0D AS double
                                                                    )
                                                                  )
                                                                ),
                                                                _x10 -> CASE
                                                                  WHEN isnan(_x10) THEN 'NaN'
                                                                  WHEN (_x10 = CAST('Infinity' AS DOUBLE)) THEN 'Infinity'
                                                                  WHEN (_x10 = CAST('-Infinity' AS DOUBLE)) THEN '-Infinity'
                                                                  ELSE element_at(
                                                                    transform(
                                                                      array(
                                                                        CASE
                                                                          WHEN (
                                                                            TRY_CAST(
                                                                              format_string('%.0e', _x10) AS double
                                                                            ) = _x10
                                                                          ) THEN format_string('%.0e', _x10)
                                                                          WHEN (
                                                                            TRY_CAST(
                                                                              format_string('%.1e', _x10) AS double
                                                                            ) = _x10
                                                                          ) THEN format_string('%.1e', _x10)
                                                                          WHEN (
                                                                            TRY_CAST(
                                                                              format_string('%.2e', _x10) AS double
                                                                            ) = _x10
                                                                          ) THEN format_string('%.2e', _x10)
                                                                          WHEN (
                                                                            TRY_CAST(
                                                                              format_string('%.3e', _x10) AS double
                                                                            ) = _x10
                                                                          ) THEN format_string('%.3e', _x10)
                                                                          WHEN (
                                                                            TRY_CAST(
                                                                              format_string('%.4e', _x10) AS double
                                                                            ) = _x10
                                                                          ) THEN format_string('%.4e', _x10)
                                                                          WHEN (
                                                                            TRY_CAST(
                                                                              format_string('%.5e', _x10) AS double
                                                                            ) = _x10
                                                                          ) THEN format_string('%.5e', _x10)
                                                                          WHEN (
                                                                            TRY_CAST(
                                                                              format_string('%.6e', _x10) AS double
                                                                            ) = _x10
                                                                          ) THEN format_string('%.6e', _x10)
                                                                          WHEN (
                                                                            TRY_CAST(
                                                                              format_string('%.7e', _x10) AS double
                                                                            ) = _x10
                                                                          ) THEN format_string('%.7e', _x10)
                                                                          WHEN (
                                                                            TRY_CAST(
                                                                              format_string('%.8e', _x10) AS double
                                                                            ) = _x10
                                                                          ) THEN format_string('%.8e', _x10)
                                                                          WHEN (
                                                                            TRY_CAST(
                                                                              format_string('%.9e', _x10) AS double
                                                                            ) = _x10
                                                                          ) THEN format_string('%.9e', _x10)
                                                                          WHEN (
                                                                            TRY_CAST(
                                                                              format_string('%.10e', _x10) AS double
                                                                            ) = _x10
                                                                          ) THEN format_string('%.10e', _x10)
                                                                          WHEN (
                                                                            TRY_CAST(
                                                                              format_string('%.11e', _x10) AS double
                                                                            ) = _x10
                                                                          ) THEN format_string('%.11e', _x10)
                                                                          WHEN (
                                                                            TRY_CAST(
                                                                              format_string('%.12e', _x10) AS double
                                                                            ) = _x10
                                                                          ) THEN format_string('%.12e', _x10)
                                                                          WHEN (
                                                                            TRY_CAST(
                                                                              format_string('%.13e', _x10) AS double
                                                                            ) = _x10
                                                                          ) THEN format_string('%.13e', _x10)
                                                                          WHEN (
                                                                            TRY_CAST(
                                                                              format_string('%.14e', _x10) AS double
                                                                            ) = _x10
                                                                          ) THEN format_string('%.14e', _x10)
                                                                          WHEN (
                                                                            TRY_CAST(
                                                                              format_string('%.15e', _x10) AS double
                                                                            ) = _x10
                                                                          ) THEN format_string('%.15e', _x10)
                                                                          WHEN (
                                                                            TRY_CAST(
                                                                              format_string('%.16e', _x10) AS double
                                                                            ) = _x10
                                                                          ) THEN format_string('%.16e', _x10)
                                                                          ELSE format_string('%.16e', _x10)
                                                                        END
                                                                      ),
                                                                      _x11 -> CASE
                                                                        WHEN (_x10 IS NULL) THEN NULL
                                                                        WHEN (_x10 = 0) THEN CASE
                                                                          WHEN startswith(
                                                                            format_string('%s', _x10), '-'
                                                                          ) THEN '-0.0'
                                                                          ELSE '0.0'
                                                                        END
                                                                        ELSE concat(
                                                                          CASE
                                                                            WHEN startswith(_x11, '-') THEN '-'
                                                                            ELSE ''
                                                                          END,
                                                                          CASE
                                                                            WHEN (
                                                                              (abs(_x10) >= 0.001D)
                                                                              AND (abs(_x10) < 10000000.0D)
                                                                            ) THEN CASE
                                                                              WHEN (
                                                                                (
                                                                                  CAST(
                                                                                    regexp_extract(
                                                                                      regexp_replace(
                                                                                        _x11, '^-', ''
                                                                                      ),
                                                                                      'e([+-][0-9]+)$', 1
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
                                                                                          regexp_replace(
                                                                                            _x11, '^-', ''
                                                                                          ),
                                                                                          'e([+-][0-9]+)$', 1
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
                                                                                          regexp_replace(
                                                                                            _x11, '^-', ''
                                                                                          ),
                                                                                          '^([0-9.]+)e', 1
                                                                                        ),
                                                                                        '\\.', ''
                                                                                      ),
                                                                                      '0+$', ''
                                                                                    ) = ''
                                                                                  ) THEN '0'
                                                                                  ELSE regexp_replace(
                                                                                    regexp_replace(
                                                                                      regexp_extract(
                                                                                        regexp_replace(
                                                                                          _x11, '^-', ''
                                                                                        ),
                                                                                        '^([0-9.]+)e', 1
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
                                                                                      regexp_replace(
                                                                                        _x11, '^-', ''
                                                                                      ),
                                                                                      'e([+-][0-9]+)$', 1
                                                                                    ) AS int
                                                                                  ) + 1
                                                                                ) >= length(
                                                                                  CASE
                                                                                    WHEN (
                                                                                      regexp_replace(
                                                                                        regexp_replace(
                                                                                          regexp_extract(
                                                                                            regexp_replace(
                                                                                              _x11, '^-', ''
                                                                                            ),
                                                                                            '^([0-9.]+)e', 1
                                                                                          ),
                                                                                          '\\.', ''
                                                                                        ),
                                                                                        '0+$', ''
                                                                                      ) = ''
                                                                                    ) THEN '0'
                                                                                    ELSE regexp_replace(
                                                                                      regexp_replace(
                                                                                        regexp_extract(
                                                                                          regexp_replace(
                                                                                            _x11, '^-', ''
                                                                                          ),
                                                                                          '^([0-9.]+)e', 1
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
                                                                                          regexp_replace(
                                                                                            _x11, '^-', ''
                                                                                          ),
                                                                                          '^([0-9.]+)e', 1
                                                                                        ),
                                                                                        '\\.', ''
                                                                                      ),
                                                                                      '0+$', ''
                                                                                    ) = ''
                                                                                  ) THEN '0'
                                                                                  ELSE regexp_replace(
                                                                                    regexp_replace(
                                                                                      regexp_extract(
                                                                                        regexp_replace(
                                                                                          _x11, '^-', ''
                                                                                        ),
                                                                                        '^([0-9.]+)e', 1
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
                                                                                          regexp_replace(
                                                                                            _x11, '^-', ''
                                                                                          ),
                                                                                          'e([+-][0-9]+)$', 1
                                                                                        ) AS int
                                                                                      ) + 1
                                                                                    ) - length(
                                                                                      CASE
                                                                                        WHEN (
                                                                                          regexp_replace(
                                                                                            regexp_replace(
                                                                                              regexp_extract(
                                                                                                regexp_replace(
                                                                                                  _x11, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
                                                                                              ),
                                                                                              '\\.', ''
                                                                                            ),
                                                                                            '0+$', ''
                                                                                          ) = ''
                                                                                        ) THEN '0'
                                                                                        ELSE regexp_replace(
                                                                                          regexp_replace(
                                                                                            regexp_extract(
                                                                                              regexp_replace(
                                                                                                _x11, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
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
                                                                                            regexp_replace(
                                                                                              _x11, '^-', ''
                                                                                            ),
                                                                                            '^([0-9.]+)e', 1
                                                                                          ),
                                                                                          '\\.', ''
                                                                                        ),
                                                                                        '0+$', ''
                                                                                      ) = ''
                                                                                    ) THEN '0'
                                                                                    ELSE regexp_replace(
                                                                                      regexp_replace(
                                                                                        regexp_extract(
                                                                                          regexp_replace(
                                                                                            _x11, '^-', ''
                                                                                          ),
                                                                                          '^([0-9.]+)e', 1
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
                                                                                        regexp_replace(
                                                                                          _x11, '^-', ''
                                                                                        ),
                                                                                        'e([+-][0-9]+)$', 1
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
                                                                                            regexp_replace(
                                                                                              _x11, '^-', ''
                                                                                            ),
                                                                                            '^([0-9.]+)e', 1
                                                                                          ),
                                                                                          '\\.', ''
                                                                                        ),
                                                                                        '0+$', ''
                                                                                      ) = ''
                                                                                    ) THEN '0'
                                                                                    ELSE regexp_replace(
                                                                                      regexp_replace(
                                                                                        regexp_extract(
                                                                                          regexp_replace(
                                                                                            _x11, '^-', ''
                                                                                          ),
                                                                                          '^([0-9.]+)e', 1
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
                                                                                          regexp_replace(
                                                                                            _x11, '^-', ''
                                                                                          ),
                                                                                          'e([+-][0-9]+)$', 1
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
                                                                                                regexp_replace(
                                                                                                  _x11, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
                                                                                              ),
                                                                                              '\\.', ''
                                                                                            ),
                                                                                            '0+$', ''
                                                                                          ) = ''
                                                                                        ) THEN '0'
                                                                                        ELSE regexp_replace(
                                                                                          regexp_replace(
                                                                                            regexp_extract(
                                                                                              regexp_replace(
                                                                                                _x11, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
                                                                                            ),
                                                                                            '\\.', ''
                                                                                          ),
                                                                                          '0+$', ''
                                                                                        )
                                                                                      END
                                                                                    ) - (
                                                                                      CAST(
                                                                                        regexp_extract(
                                                                                          regexp_replace(
                                                                                            _x11, '^-', ''
                                                                                          ),
                                                                                          'e([+-][0-9]+)$', 1
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
                                                                                          regexp_replace(
                                                                                            _x11, '^-', ''
                                                                                          ),
                                                                                          '^([0-9.]+)e', 1
                                                                                        ),
                                                                                        '\\.', ''
                                                                                      ),
                                                                                      '0+$', ''
                                                                                    ) = ''
                                                                                  ) THEN '0'
                                                                                  ELSE regexp_replace(
                                                                                    regexp_replace(
                                                                                      regexp_extract(
                                                                                        regexp_replace(
                                                                                          _x11, '^-', ''
                                                                                        ),
                                                                                        '^([0-9.]+)e', 1
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
                                                                                              regexp_replace(
                                                                                                _x11, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
                                                                                            ),
                                                                                            '\\.', ''
                                                                                          ),
                                                                                          '0+$', ''
                                                                                        ) = ''
                                                                                      ) THEN '0'
                                                                                      ELSE regexp_replace(
                                                                                        regexp_replace(
                                                                                          regexp_extract(
                                                                                            regexp_replace(
                                                                                              _x11, '^-', ''
                                                                                            ),
                                                                                            '^([0-9.]+)e', 1
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
                                                                                            regexp_replace(
                                                                                              _x11, '^-', ''
                                                                                            ),
                                                                                            '^([0-9.]+)e', 1
                                                                                          ),
                                                                                          '\\.', ''
                                                                                        ),
                                                                                        '0+$', ''
                                                                                      ) = ''
                                                                                    ) THEN '0'
                                                                                    ELSE regexp_replace(
                                                                                      regexp_replace(
                                                                                        regexp_extract(
                                                                                          regexp_replace(
                                                                                            _x11, '^-', ''
                                                                                          ),
                                                                                          '^([0-9.]+)e', 1
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
                                                                                              regexp_replace(
                                                                                                _x11, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
                                                                                            ),
                                                                                            '\\.', ''
                                                                                          ),
                                                                                          '0+$', ''
                                                                                        ) = ''
                                                                                      ) THEN '0'
                                                                                      ELSE regexp_replace(
                                                                                        regexp_replace(
                                                                                          regexp_extract(
                                                                                            regexp_replace(
                                                                                              _x11, '^-', ''
                                                                                            ),
                                                                                            '^([0-9.]+)e', 1
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
                                                                                    regexp_replace(
                                                                                      _x11, '^-', ''
                                                                                    ),
                                                                                    'e([+-][0-9]+)$', 1
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
                                                            WHEN (_x9['s'] = 'decimal') THEN CAST(
                                                              try_variant_get(_x9['v'], '$', 'decimal(38,0)') AS string
                                                            )
                                                            WHEN (_x9['s'] = 'date') THEN date_format(
                                                              try_to_date(
                                                                try_variant_get(_x9['v'], '$', 'string'),
                                                                'yyyy-MM-dd'
                                                              ),
                                                              'yyyy-MM-dd'
                                                            )
                                                            WHEN (_x9['s'] = 'timestamp') THEN element_at(
                                                              transform(
                                                                array(
                                                                  TRY_CAST(
                                                                    try_variant_get(_x9['v'], '$', 'string') AS timestamp
                                                                  )
                                                                ),
                                                                _x10 -> CASE
                                                                  WHEN (_x10 IS NULL) THEN NULL
                                                                  ELSE concat(
                                                                    date_format(
                                                                      _x10, 'yyyy-MM-dd\'T\'HH:mm:ss'
                                                                    ),
                                                                    CASE
                                                                      WHEN (
                                                                        pmod(unix_micros(_x10), 1000000) = 0
                                                                      ) THEN ''
                                                                      ELSE concat(
                                                                        '.',
                                                                        lpad(
                                                                          CAST(
                                                                            pmod(unix_micros(_x10), 1000000) AS string
                                                                          ),
                                                                          6, '0'
                                                                        )
                                                                      )
                                                                    END,
                                                                    'Z'
                                                                  )
                                                                END
                                                              ),
                                                              1
                                                            )
                                                            WHEN (_x9['s'] = 'string') THEN CASE
                                                              WHEN (schema_of_variant(_x9['v']) = 'STRING') THEN try_variant_get(
                                                                _x9['v'], '$', 'string'
                                                              )
                                                              WHEN (NOT is_variant_null(_x9['v'])) THEN to_json(
                                                                _x9['v']
                                                              )
                                                            END
                                                          END
                                                        )
                                                      )
                                                    ),
                                                    _x9 -> element_at(
                                                      transform(
                                                        array(
                                                          named_struct(
                                                            'c',
                                                            CAST(
                                                              CASE
                                                                WHEN (_x8['c'] IN ('string')) THEN named_struct(
                                                                  'c', _x9['as_string'][0]
                                                                )['c']
                                                              END AS STRING
                                                            )
                                                          )
                                                        ),
                                                        _x10 -> named_struct(
                                                          'c', _x10['c'], '__lost',
                                                          coalesce(
                                                            (
                                                              (
                                                                size(
                                                                  array_except(map_keys(_x5), array('c', ''))
                                                                ) > 0
                                                              )
                                                              OR (
                                                                (NOT (_x8['c'] IN ('null', 'empty')))
                                                                AND (NOT (_x10['c'] IS NOT NULL))
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
                                      ),
                                      1
                                    )
                                  ),
                                  1
                                )
                              END,
                              'b_array_record',
                              transform(
                                CASE
                                  WHEN (_x4['b'] = 'record[]') THEN try_variant_get(
                                    _x2['b'], '$', 'array<variant>'
                                  )
                                END,
                                _x5 -> CASE
                                  WHEN coalesce(startswith(schema_of_variant(_x5), 'OBJECT<'), FALSE) THEN element_at(
                                    transform(
                                      array(try_variant_get(_x5, '$', 'map<string,variant>')),
                                      _x6 -> element_at(
                                        transform(
                                          array(named_struct('x', _x6['x'])),
                                          _x7 -> element_at(
                                            transform(
                                              array(
                                                transform(
                                                  array(_x7['x']),
                                                  _x8 -> element_at(
                                                    transform(
                                                      array(
                                                        transform(
                                                          flatten(
                                                            transform(
                                                              array(
                                                                named_struct(
                                                                  'd', 0, 'v', _x8, 'sv',
                                                                  schema_of_variant(_x8)
                                                                )
                                                              ),
                                                              _x9 -> CASE
                                                                WHEN (
                                                                  startswith(_x9['sv'], 'ARRAY<')
                                                                  AND (
                                                                    NOT (_x9['sv'] RLIKE '^(ARRAY<)+VOID>+$')
                                                                  )
                                                                ) THEN transform(
                                                                  filter(
                                                                    try_variant_get(
                                                                      _x9['v'], '$', 'array<variant>'
                                                                    ),
                                                                    _x10 -> (NOT is_variant_null(_x10))
                                                                  ),
                                                                  _x10 -> named_struct(
                                                                    'd', (_x9['d'] + 1), 'v', _x10, 'sv',
                                                                    schema_of_variant(_x10)
                                                                  )
                                                                )
                                                                ELSE array(_x9)
                                                              END
                                                            )
                                                          ),
                                                          _x9 -> element_at(
                                                            transform(
                                                              array(
                                                                CASE
                                                                  WHEN startswith(_x9['sv'], 'OBJECT<') THEN 1
                                                                  WHEN (_x9['sv'] RLIKE '^(ARRAY<)+VOID>+$') THEN 2
                                                                  WHEN startswith(_x9['sv'], 'ARRAY<') THEN 3
                                                                  ELSE 0
                                                                END
                                                              ),
                                                              _x10 -> element_at(
                                                                transform(
                                                                  array(
                                                                    CASE
                                                                      WHEN (_x10 = 0) THEN element_at(
                                                                        transform(
                                                                          array(schema_of_variant(_x9['v'])),
                                                                          _x11 -> element_at(
                                                                            transform(
                                                                              array(
                                                                                CASE
                                                                                  WHEN (
                                                                                    (_x9['v'] IS NULL)
                                                                                    OR (_x11 = 'VOID')
                                                                                  ) THEN 'null'
                                                                                  WHEN (_x11 = 'BOOLEAN') THEN 'boolean'
                                                                                  WHEN (_x11 = 'BIGINT') THEN 'integer'
                                                                                  WHEN startswith(
                                                                                    _x11, 'DECIMAL('
                                                                                  ) THEN CASE
                                                                                    WHEN (
                                                                                      (
                                                                                        regexp_extract(
                                                                                          _x11,
                                                                                          '^DECIMAL\\(\\d+,(\\d+)\\)$',
                                                                                          1
                                                                                        ) = '0'
                                                                                      )
                                                                                      AND (
                                                                                        try_variant_get(
                                                                                          _x9['v'], '$',
                                                                                          'bigint'
                                                                                        ) IS NULL
                                                                                      )
                                                                                    ) THEN 'integer'
                                                                                    ELSE 'fraction'
                                                                                  END
                                                                                  WHEN (_x11 = 'DOUBLE') THEN 'fraction'
                                                                                  WHEN (_x11 = 'STRING') THEN 'string'
                                                                                  WHEN startswith(
                                                                                    _x11, 'ARRAY<'
                                                                                  ) THEN 'array'
                                                                                  WHEN startswith(
                                                                                    _x11, 'OBJECT<'
                                                                                  ) THEN 'object'
                                                                                  ELSE 'other'
                                                                                END
                                                                              ),
                                                                              _x12 -> CASE
                                                                                WHEN (_x12 = 'boolean') THEN 0
                                                                                WHEN (_x12 = 'integer') THEN CASE
                                                                                  WHEN (
                                                                                    (
                                                                                      try_variant_get(
                                                                                        _x9['v'], '$',
                                                                                        'bigint'
                                                                                      ) IS NOT NULL
                                                                                    )
                                                                                    AND (
                                                                                      TRY_CAST(
                                                                                        try_variant_get(
                                                                                          _x9['v'], '$',
                                                                                          'bigint'
                                                                                        ) AS decimal(38,0)
                                                                                      ) = try_variant_get(
                                                                                        _x9['v'], '$',
                                                                                        'decimal(38,0)'
                                                                                      )
                                                                                    )
                                                                                  ) THEN 1
                                                                                  WHEN (
                                                                                    (
                                                                                      try_variant_get(
                                                                                        _x9['v'], '$',
                                                                                        'decimal(38,0)'
                                                                                      ) IS NOT NULL
                                                                                    )
                                                                                    AND (
                                                                                      TRY_CAST(
                                                                                        try_variant_get(
                                                                                          _x9['v'], '$',
                                                                                          'decimal(38,0)'
                                                                                        ) AS decimal(38,0)
                                                                                      ) = try_variant_get(
                                                                                        _x9['v'], '$',
                                                                                        'decimal(38,0)'
                                                                                      )
                                                                                    )
                                                                                  ) THEN 3
                                                                                  ELSE 6
                                                                                END
                                                                                WHEN (_x12 = 'fraction') THEN CASE
                                                                                  WHEN (
                                                                                    (
                                                                                      (
                                                                                        (
                                                                                          try_variant_get(
                                                                                            _x9['v'], '$',
                                                                                            'double'
                                                                                          ) IS NOT NULL
                                                                                        )
                                                                                        AND (
                                                                                          NOT isnan(
                                                                                            try_variant_get(
                                                                                              _x9['v'], '$',
                                                                                              'double'
                                                                                            )
                                                                                          )
                                                                                        )
                                                                                      )
                                                                                      AND (
                                                                                        abs(
                                                                                          try_variant_get(
                                                                                            _x9['v'], '$',
                                                                                            'double'
                                                                                          )
                                                                                        ) < CAST(
                                                                                          'Infinity' AS DOUBLE
                                                                                        )
                                                                                      )
                                                                                    )
                                                                                    AND CASE
                                                                                      WHEN (_x11 = 'DOUBLE') THEN TRUE
                                                                                      ELSE (
                                                                                        regexp_replace(
                                                                                          regexp_replace(
                                                                                            regexp_replace(
                                                                                              regexp_replace(
                                                                                                CAST(
                                                                                                  try_variant_get(
                                                                                                    _x9['v'],
                                                                                                    '$',
                                                                                                    'double'
                                                                                                  ) AS string
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
                                                                                              regexp_replace(
                                                                                                to_json(
                                                                                                  _x9['v']
                                                                                                ),
                                                                                                '[eE].*$', ''
                                                                                              ),
                                                                                              '^-', ''
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
                                                                                WHEN (_x12 = 'string') THEN CASE
                                                                                  WHEN (
                                                                                    (
                                                                                      (
                                                                                        try_variant_get(
                                                                                          _x9['v'], '$',
                                                                                          'string'
                                                                                        ) RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                                      )
                                                                                      AND (
                                                                                        NOT startswith(
                                                                                          try_variant_get(
                                                                                            _x9['v'], '$',
                                                                                            'string'
                                                                                          ),
                                                                                          '0000'
                                                                                        )
                                                                                      )
                                                                                    )
                                                                                    AND (
                                                                                      try_to_date(
                                                                                        try_variant_get(
                                                                                          _x9['v'], '$',
                                                                                          'string'
                                                                                        ),
                                                                                        'yyyy-MM-dd'
                                                                                      ) IS NOT NULL
                                                                                    )
                                                                                  ) THEN 4
                                                                                  WHEN (
                                                                                    (
                                                                                      (
                                                                                        try_variant_get(
                                                                                          _x9['v'], '$',
                                                                                          'string'
                                                                                        ) RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                                      )
                                                                                      AND (
                                                                                        NOT startswith(
                                                                                          try_variant_get(
                                                                                            _x9['v'], '$',
                                                                                            'string'
                                                                                          ),
                                                                                          '0000'
                                                                                        )
                                                                                      )
                                                                                    )
                                                                                    AND (
                                                                                      TRY_CAST(
                                                                                        try_variant_get(
                                                                                          _x9['v'], '$',
                                                                                          'string'
                                                                                        ) AS timestamp
                                                                                      ) IS NOT NULL
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
                                                                    END
                                                                  ),
                                                                  _x11 -> named_struct(
                                                                    'd', _x9['d'], 'k', _x10, 't', _x11, 'x',
                                                                    0, 'e',
                                                                    (size(split(_x9['sv'], 'ARRAY<')) - 1)
                                                                  )
                                                                ),
                                                                1
                                                              )
                                                            ),
                                                            1
                                                          )
                                                        )
                                                      ),
                                                      _x9 -> element_at(
                                                        transform(
                                                          array(
                                                            named_struct(
                                                              'prim', exists(_x9, _x10 -> (_x10['k'] = 0)),
                                                              'rec', exists(_x9, _x10 -> (_x10['k'] = 1)),
                                                              'deep', exists(_x9, _x10 -> (_x10['k'] = 3)),
                                                              'lo',
                                                              array_min(
                                                                transform(
                                                                  filter(_x9, _x10 -> (_x10['k'] <= 1)),
                                                                  _x10 -> _x10['d']
                                                                )
                                                              ),
                                                              'hi',
                                                              array_max(
                                                                transform(
                                                                  filter(_x9, _x10 -> (_x10['k'] <= 1)),
                                                                  _x10 -> _x10['d']
                                                                )
                                                              ),
                                                              'e',
                                                              array_max(
                                                                transform(
                                                                  filter(_x9, _x10 -> (_x10['k'] = 2)),
                                                                  _x10 -> (_x10['d'] + _x10['e'])
                                                                )
                                                              ),
                                                              'mask',
                                                              aggregate(
                                                                filter(_x9, _x10 -> (_x10['k'] <= 1)), 0,
                                                                (_acc10, _x10) -> (
                                                                  _acc10 | shiftleft(1, _x10['t'])
                                                                )
                                                              ),
                                                              'exact',
                                                              aggregate(
                                                                filter(_x9, _x10 -> (_x10['k'] <= 1)), 127,
                                                                (_acc10, _x10) -> (_acc10 & _x10['x'])
                                                              )
                                                            )
                                                          ),
                                                          _x10 -> CASE
                                                            WHEN ((_x8 IS NULL) OR is_variant_null(_x8)) THEN 'null'
                                                            WHEN ((NOT _x10['prim']) AND (NOT _x10['rec'])) THEN CASE
                                                              WHEN _x10['deep'] THEN 'deep'
                                                              ELSE 'empty'
                                                            END
                                                            WHEN (
                                                              (
                                                                (
                                                                  (_x10['prim'] AND _x10['rec'])
                                                                  OR (_x10['lo'] != _x10['hi'])
                                                                )
                                                                OR coalesce((_x10['e'] > _x10['hi']), FALSE)
                                                              )
                                                              OR _x10['deep']
                                                            ) THEN element_at(
                                                              array(
                                                                'boolean', 'long', 'double', 'decimal',
                                                                'date', 'timestamp', 'string'
                                                              ),
                                                              7
                                                            )
                                                            WHEN (
                                                              (_x10['rec'] AND (_x10['hi'] = 0))
                                                              AND (
                                                                size(
                                                                  array_remove(
                                                                    map_keys(
                                                                      try_variant_get(
                                                                        _x8, '$', 'map<string,variant>'
                                                                      )
                                                                    ),
                                                                    ''
                                                                  )
                                                                ) = 0
                                                              )
                                                            ) THEN 'empty'
                                                            WHEN _x10['rec'] THEN concat(
                                                              'record', repeat('[]', _x10['hi'])
                                                            )
                                                            ELSE concat(
                                                              CASE
                                                                WHEN (_x10['hi'] = 0) THEN element_at(
                                                                  array(
                                                                    'boolean', 'long', 'double', 'decimal',
                                                                    'date', 'timestamp', 'string'
                                                                  ),
                                                                  (element_at(_x9, 1)['t'] + 1)
                                                                )
                                                                ELSE 'array'
                                                              END,
                                                              repeat('[]', _x10['hi'])
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
                                              _x8 -> element_at(
                                                transform(
                                                  array(named_struct('x', _x8[0])),
                                                  _x9 -> element_at(
                                                    transform(
                                                      array(
                                                        named_struct(
                                                          'as_string',
                                                          transform(
                                                            array(named_struct('v', _x7['x'], 's', _x9['x'])),
                                                            _x10 -> CASE
                                                              WHEN (_x10['s'] = 'boolean') THEN CAST(
                                                                try_variant_get(_x10['v'], '$', 'boolean') AS string
                                                              )
                                                              WHEN (_x10['s'] = 'long') THEN CAST(
                                                                try_variant_get(_x10['v'], '$', 'bigint') AS string
                                                              )
                                                              WHEN (_x10['s'] = 'double') THEN element_at(
                                                                transform(
                                                                  array(
                                                                    (
                                                                      try_variant_get(
                                                                        _x10['v'], '$', 'double'
                                                                      ) + CAST(0.0D AS double)
                                                                    )
                                                                  ),
                                                                  _x11 -> CASE
                                                                    WHEN isnan(_x11) THEN 'NaN'
                                                                    WHEN (_x11 = CAST('Infinity' AS DOUBLE)) THEN 'Infinity'
                                                                    WHEN (_x11 = CAST('-Infinity' AS DOUBLE)) THEN '-Infinity'
                                                                    ELSE element_at(
                                                                      transform(
                                                                        array(
                                                                          CASE
                                                                            WHEN (
                                                                              TRY_CAST(
                                                                                format_string('%.0e', _x11) AS double
                                                                              ) = _x11
                                                                            ) THEN format_string('%.0e', _x11)
                                                                            WHEN (
                                                                              TRY_CAST(
                                                                                format_string('%.1e', _x11) AS double
                                                                              ) = _x11
                                                                            ) THEN format_string('%.1e', _x11)
                                                                            WHEN (
                                                                              TRY_CAST(
                                                                                format_string('%.2e', _x11) AS double
                                                                              ) = _x11
                                                                            ) THEN format_string('%.2e', _x11)
                                                                            WHEN (
                                                                              TRY_CAST(
                                                                                format_string('%.3e', _x11) AS double
                                                                              ) = _x11
                                                                            ) THEN format_string('%.3e', _x11)
                                                                            WHEN (
                                                                              TRY_CAST(
                                                                                format_string('%.4e', _x11) AS double
                                                                              ) = _x11
                                                                            ) THEN format_string('%.4e', _x11)
                                                                            WHEN (
                                                                              TRY_CAST(
                                                                                format_string('%.5e', _x11) AS double
                                                                              ) = _x11
                                                                            ) THEN format_string('%.5e', _x11)
                                                                            WHEN (
                                                                              TRY_CAST(
                                                                                format_string('%.6e', _x11) AS double
                                                                              ) = _x11
                                                                            ) THEN format_string('%.6e', _x11)
                                                                            WHEN (
                                                                              TRY_CAST(
                                                                                format_string('%.7e', _x11) AS double
                                                                              ) = _x11
                                                                            ) THEN format_string('%.7e', _x11)
                                                                            WHEN (
                                                                              TRY_CAST(
                                                                                format_string('%.8e', _x11) AS double
                                                                              ) = _x11
                                                                            ) THEN format_string('%.8e', _x11)
                                                                            WHEN (
                                                                              TRY_CAST(
                                                                                format_string('%.9e', _x11) AS double
                                                                              ) = _x11
                                                                            ) THEN format_string('%.9e', _x11)
                                                                            WHEN (
                                                                              TRY_CAST(
                                                                                format_string('%.10e', _x11) AS double
                                                                              ) = _x11
                                                                            ) THEN format_string(
                                                                              '%.10e', _x11
                                                                            )
                                                                            WHEN (
                                                                              TRY_CAST(
                                                                                format_string('%.11e', _x11) AS double
                                                                              ) = _x11
                                                                            ) THEN format_string(
                                                                              '%.11e', _x11
                                                                            )
                                                                            WHEN (
                                                                              TRY_CAST(
                                                                                format_string('%.12e', _x11) AS double
                                                                              ) = _x11
                                                                            ) THEN format_string(
                                                                              '%.12e', _x11
                                                                            )
                                                                            WHEN (
                                                                              TRY_CAST(
                                                                                format_string('%.13e', _x11) AS double
                                                                              ) = _x11
                                                                            ) THEN format_string(
                                                                              '%.13e', _x11
                                                                            )
                                                                            WHEN (
                                                                              TRY_CAST(
                                                                                format_string('%.14e', _x11) AS double
                                                                              ) = _x11
                                                                            ) THEN format_string(
                                                                              '%.14e', _x11
                                                                            )
                                                                            WHEN (
                                                                              TRY_CAST(
                                                                                format_string('%.15e', _x11) AS double
                                                                              ) = _x11
                                                                            ) THEN format_string(
                                                                              '%.15e', _x11
                                                                            )
                                                                            WHEN (
                                                                              TRY_CAST(
                                                                                format_string('%.16e', _x11) AS double
                                                                              ) = _x11
                                                                            ) THEN format_string(
                                                                              '%.16e', _x11
                                                                            )
                                                                            ELSE format_string('%.16e', _x11)
                                                                          END
                                                                        ),
                                                                        _x12 -> CASE
                                                                          WHEN (_x11 IS NULL) THEN NULL
                                                                          WHEN (_x11 = 0) THEN CASE
                                                                            WHEN startswith(
                                                                              format_string('%s', _x11), '-'
                                                                            ) THEN '-0.0'
                                                                            ELSE '0.0'
                                                                          END
                                                                          ELSE concat(
                                                                            CASE
                                                                              WHEN startswith(_x12, '-') THEN '-'
                                                                              ELSE ''
                                                                            END,
                                                                            CASE
                                                                              WHEN (
                                                                                (abs(_x11) >= 0.001D)
                                                                                AND (abs(_x11) < 10000000.0D)
                                                                              ) THEN CASE
                                                                                WHEN (
                                                                                  (
                                                                                    CAST(
                                                                                      regexp_extract(
                                                                                        regexp_replace(
                                                                                          _x12, '^-', ''
                                                                                        ),
                                                                                        'e([+-][0-9]+)$', 1
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
                                                                                            regexp_replace(
                                                                                              _x12, '^-', ''
                                                                                            ),
                                                                                            'e([+-][0-9]+)$',
                                                                                            1
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
                                                                                            regexp_replace(
                                                                                              _x12, '^-', ''
                                                                                            ),
                                                                                            '^([0-9.]+)e', 1
                                                                                          ),
                                                                                          '\\.', ''
                                                                                        ),
                                                                                        '0+$', ''
                                                                                      ) = ''
                                                                                    ) THEN '0'
                                                                                    ELSE regexp_replace(
                                                                                      regexp_replace(
                                                                                        regexp_extract(
                                                                                          regexp_replace(
                                                                                            _x12, '^-', ''
                                                                                          ),
                                                                                          '^([0-9.]+)e', 1
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
                                                                                        regexp_replace(
                                                                                          _x12, '^-', ''
                                                                                        ),
                                                                                        'e([+-][0-9]+)$', 1
                                                                                      ) AS int
                                                                                    ) + 1
                                                                                  ) >= length(
                                                                                    CASE
                                                                                      WHEN (
                                                                                        regexp_replace(
                                                                                          regexp_replace(
                                                                                            regexp_extract(
                                                                                              regexp_replace(
                                                                                                _x12, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
                                                                                            ),
                                                                                            '\\.', ''
                                                                                          ),
                                                                                          '0+$', ''
                                                                                        ) = ''
                                                                                      ) THEN '0'
                                                                                      ELSE regexp_replace(
                                                                                        regexp_replace(
                                                                                          regexp_extract(
                                                                                            regexp_replace(
                                                                                              _x12, '^-', ''
                                                                                            ),
                                                                                            '^([0-9.]+)e', 1
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
                                                                                            regexp_replace(
                                                                                              _x12, '^-', ''
                                                                                            ),
                                                                                            '^([0-9.]+)e', 1
                                                                                          ),
                                                                                          '\\.', ''
                                                                                        ),
                                                                                        '0+$', ''
                                                                                      ) = ''
                                                                                    ) THEN '0'
                                                                                    ELSE regexp_replace(
                                                                                      regexp_replace(
                                                                                        regexp_extract(
                                                                                          regexp_replace(
                                                                                            _x12, '^-', ''
                                                                                          ),
                                                                                          '^([0-9.]+)e', 1
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
                                                                                            regexp_replace(
                                                                                              _x12, '^-', ''
                                                                                            ),
                                                                                            'e([+-][0-9]+)$',
                                                                                            1
                                                                                          ) AS int
                                                                                        ) + 1
                                                                                      ) - length(
                                                                                        CASE
                                                                                          WHEN (
                                                                                            regexp_replace(
                                                                                              regexp_replace(
                                                                                                regexp_extract(
                                                                                                  regexp_replace(
                                                                                                    _x12,
                                                                                                    '^-', ''
                                                                                                  ),
                                                                                                  '^([0-9.]+)e',
                                                                                                  1
                                                                                                ),
                                                                                                '\\.', ''
                                                                                              ),
                                                                                              '0+$', ''
                                                                                            ) = ''
                                                                                          ) THEN '0'
                                                                                          ELSE regexp_replace(
                                                                                            regexp_replace(
                                                                                              regexp_extract(
                                                                                                regexp_replace(
                                                                                                  _x12, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
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
                                                                                              regexp_replace(
                                                                                                _x12, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
                                                                                            ),
                                                                                            '\\.', ''
                                                                                          ),
                                                                                          '0+$', ''
                                                                                        ) = ''
                                                                                      ) THEN '0'
                                                                                      ELSE regexp_replace(
                                                                                        regexp_replace(
                                                                                          regexp_extract(
                                                                                            regexp_replace(
                                                                                              _x12, '^-', ''
                                                                                            ),
                                                                                            '^([0-9.]+)e', 1
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
                                                                                          regexp_replace(
                                                                                            _x12, '^-', ''
                                                                                          ),
                                                                                          'e([+-][0-9]+)$', 1
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
                                                                                              regexp_replace(
                                                                                                _x12, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
                                                                                            ),
                                                                                            '\\.', ''
                                                                                          ),
                                                                                          '0+$', ''
                                                                                        ) = ''
                                                                                      ) THEN '0'
                                                                                      ELSE regexp_replace(
                                                                                        regexp_replace(
                                                                                          regexp_extract(
                                                                                            regexp_replace(
                                                                                              _x12, '^-', ''
                                                                                            ),
                                                                                            '^([0-9.]+)e', 1
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
                                                                                            regexp_replace(
                                                                                              _x12, '^-', ''
                                                                                            ),
                                                                                            'e([+-][0-9]+)$',
                                                                                            1
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
                                                                                                  regexp_replace(
                                                                                                    _x12,
                                                                                                    '^-', ''
                                                                                                  ),
                                                                                                  '^([0-9.]+)e',
                                                                                                  1
                                                                                                ),
                                                                                                '\\.', ''
                                                                                              ),
                                                                                              '0+$', ''
                                                                                            ) = ''
                                                                                          ) THEN '0'
                                                                                          ELSE regexp_replace(
                                                                                            regexp_replace(
                                                                                              regexp_extract(
                                                                                                regexp_replace(
                                                                                                  _x12, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
                                                                                              ),
                                                                                              '\\.', ''
                                                                                            ),
                                                                                            '0+$', ''
                                                                                          )
                                                                                        END
                                                                                      ) - (
                                                                                        CAST(
                                                                                          regexp_extract(
                                                                                            regexp_replace(
                                                                                              _x12, '^-', ''
                                                                                            ),
                                                                                            'e([+-][0-9]+)$',
                                                                                            1
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
                                                                                            regexp_replace(
                                                                                              _x12, '^-', ''
                                                                                            ),
                                                                                            '^([0-9.]+)e', 1
                                                                                          ),
                                                                                          '\\.', ''
                                                                                        ),
                                                                                        '0+$', ''
                                                                                      ) = ''
                                                                                    ) THEN '0'
                                                                                    ELSE regexp_replace(
                                                                                      regexp_replace(
                                                                                        regexp_extract(
                                                                                          regexp_replace(
                                                                                            _x12, '^-', ''
                                                                                          ),
                                                                                          '^([0-9.]+)e', 1
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
                                                                                                regexp_replace(
                                                                                                  _x12, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
                                                                                              ),
                                                                                              '\\.', ''
                                                                                            ),
                                                                                            '0+$', ''
                                                                                          ) = ''
                                                                                        ) THEN '0'
                                                                                        ELSE regexp_replace(
                                                                                          regexp_replace(
                                                                                            regexp_extract(
                                                                                              regexp_replace(
                                                                                                _x12, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
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
                                                                                              regexp_replace(
                                                                                                _x12, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
                                                                                            ),
                                                                                            '\\.', ''
                                                                                          ),
                                                                                          '0+$', ''
                                                                                        ) = ''
                                                                                      ) THEN '0'
                                                                                      ELSE regexp_replace(
                                                                                        regexp_replace(
                                                                                          regexp_extract(
                                                                                            regexp_replace(
                                                                                              _x12, '^-', ''
                                                                                            ),
                                                                                            '^([0-9.]+)e', 1
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
                                                                                                regexp_replace(
                                                                                                  _x12, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
                                                                                              ),
                                                                                              '\\.', ''
                                                                                            ),
                                                                                            '0+$', ''
                                                                                          ) = ''
                                                                                        ) THEN '0'
                                                                                        ELSE regexp_replace(
                                                                                          regexp_replace(
                                                                                            regexp_extract(
                                                                                              regexp_replace(
                                                                                                _x12, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
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
                                                                                      regexp_replace(
                                                                                        _x12, '^-', ''
                                                                                      ),
                                                                                      'e([+-][0-9]+)$', 1
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
                                                              WHEN (_x10['s'] = 'decimal') THEN CAST(
                                                                try_variant_get(
                                                                  _x10['v'], '$', 'decimal(38,0)'
                                                                ) AS string
                                                              )
                                                              WHEN (_x10['s'] = 'date') THEN date_format(
                                                                try_to_date(
                                                                  try_variant_get(_x10['v'], '$', 'string'),
                                                                  'yyyy-MM-dd'
                                                                ),
                                                                'yyyy-MM-dd'
                                                              )
                                                              WHEN (_x10['s'] = 'timestamp') THEN element_at(
                                                                transform(
                                                                  array(
                                                                    TRY_CAST(
                                                                      try_variant_get(
                                                                        _x10['v'], '$', 'string'
                                                                      ) AS timestamp
                                                                    )
                                                                  ),
                                                                  _x11 -> CASE
                                                                    WHEN (_x11 IS NULL) THEN NULL
                                                                    ELSE concat(
                                                                      date_format(
                                                                        _x11, 'yyyy-MM-dd\'T\'HH:mm:ss'
                                                                      ),
                                                                      CASE
                                                                        WHEN (
                                                                          pmod(unix_micros(_x11), 1000000) = 0
                                                                        ) THEN ''
                                                                        ELSE concat(
                                                                          '.',
                                                                          lpad(
                                                                            CAST(
                                                                              pmod(unix_micros(_x11), 1000000) AS string
                                                                            ),
                                                                            6, '0'
                                                                          )
                                                                        )
                                                                      END,
                                                                      'Z'
                                                                    )
                                                                  END
                                                                ),
                                                                1
                                                              )
                                                              WHEN (_x10['s'] = 'string') THEN CASE
                                                                WHEN (schema_of_variant(_x10['v']) = 'STRING') THEN try_variant_get(
                                                                  _x10['v'], '$', 'string'
                                                                )
                                                                WHEN (NOT is_variant_null(_x10['v'])) THEN to_json(
                                                                  _x10['v']
                                                                )
                                                              END
                                                            END
                                                          )
                                                        )
                                                      ),
                                                      _x10 -> element_at(
                                                        transform(
                                                          array(
                                                            named_struct(
                                                              'x',
                                                              CAST(
                                                                CASE
                                                                  WHEN (_x9['x'] IN ('string')) THEN named_struct(
                                                                    'x', _x10['as_string'][0]
                                                                  )['x']
                                                                END AS STRING
                                                              )
                                                            )
                                                          ),
                                                          _x11 -> named_struct(
                                                            'x', _x11['x'], '__lost',
                                                            coalesce(
                                                              (
                                                                (
                                                                  size(
                                                                    array_except(
                                                                      map_keys(_x6), array('x', '')
                                                                    )
                                                                  ) > 0
                                                                )
                                                                OR (
                                                                  (NOT (_x9['x'] IN ('null', 'empty')))
                                                                  AND (NOT (_x11['x'] IS NOT NULL))
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
                                        ),
                                        1
                                      )
                                    ),
                                    1
                                  )
                                END
                              ),
                              'b_array2_record',
                              transform(
                                CASE
                                  WHEN (_x4['b'] = 'record[][]') THEN try_variant_get(
                                    _x2['b'], '$', 'array<array<variant>>'
                                  )
                                END,
                                _x5 -> transform(
                                  _x5,
                                  _x6 -> CASE
                                    WHEN coalesce(startswith(schema_of_variant(_x6), 'OBJECT<'), FALSE) THEN element_at(
                                      transform(
                                        array(try_variant_get(_x6, '$', 'map<string,variant>')),
                                        _x7 -> element_at(
                                          transform(
                                            array(named_struct('y', _x7['y'])),
                                            _x8 -> element_at(
                                              transform(
                                                array(
                                                  transform(
                                                    array(_x8['y']),
                                                    _x9 -> element_at(
                                                      transform(
                                                        array(
                                                          transform(
                                                            flatten(
                                                              transform(
                                                                array(
                                                                  named_struct(
                                                                    'd', 0, 'v', _x9, 'sv',
                                                                    schema_of_variant(_x9)
                                                                  )
                                                                ),
                                                                _x10 -> CASE
                                                                  WHEN (
                                                                    startswith(_x10['sv'], 'ARRAY<')
                                                                    AND (
                                                                      NOT (
                                                                        _x10['sv'] RLIKE '^(ARRAY<)+VOID>+$'
                                                                      )
                                                                    )
                                                                  ) THEN transform(
                                                                    filter(
                                                                      try_variant_get(
                                                                        _x10['v'], '$', 'array<variant>'
                                                                      ),
                                                                      _x11 -> (NOT is_variant_null(_x11))
                                                                    ),
                                                                    _x11 -> named_struct(
                                                                      'd', (_x10['d'] + 1), 'v', _x11, 'sv',
                                                                      schema_of_variant(_x11)
                                                                    )
                                                                  )
                                                                  ELSE array(_x10)
                                                                END
                                                              )
                                                            ),
                                                            _x10 -> element_at(
                                                              transform(
                                                                array(
                                                                  CASE
                                                                    WHEN startswith(_x10['sv'], 'OBJECT<') THEN 1
                                                                    WHEN (_x10['sv'] RLIKE '^(ARRAY<)+VOID>+$') THEN 2
                                                                    WHEN startswith(_x10['sv'], 'ARRAY<') THEN 3
                                                                    ELSE 0
                                                                  END
                                                                ),
                                                                _x11 -> element_at(
                                                                  transform(
                                                                    array(
                                                                      CASE
                                                                        WHEN (_x11 = 0) THEN element_at(
                                                                          transform(
                                                                            array(
                                                                              schema_of_variant(_x10['v'])
                                                                            ),
                                                                            _x12 -> element_at(
                                                                              transform(
                                                                                array(
                                                                                  CASE
                                                                                    WHEN (
                                                                                      (_x10['v'] IS NULL)
                                                                                      OR (_x12 = 'VOID')
                                                                                    ) THEN 'null'
                                                                                    WHEN (_x12 = 'BOOLEAN') THEN 'boolean'
                                                                                    WHEN (_x12 = 'BIGINT') THEN 'integer'
                                                                                    WHEN startswith(
                                                                                      _x12, 'DECIMAL('
                                                                                    ) THEN CASE
                                                                                      WHEN (
                                                                                        (
                                                                                          regexp_extract(
                                                                                            _x12,
                                                                                            '^DECIMAL\\(\\d+,(\\d+)\\)$',
                                                                                            1
                                                                                          ) = '0'
                                                                                        )
                                                                                        AND (
                                                                                          try_variant_get(
                                                                                            _x10['v'], '$',
                                                                                            'bigint'
                                                                                          ) IS NULL
                                                                                        )
                                                                                      ) THEN 'integer'
                                                                                      ELSE 'fraction'
                                                                                    END
                                                                                    WHEN (_x12 = 'DOUBLE') THEN 'fraction'
                                                                                    WHEN (_x12 = 'STRING') THEN 'string'
                                                                                    WHEN startswith(
                                                                                      _x12, 'ARRAY<'
                                                                                    ) THEN 'array'
                                                                                    WHEN startswith(
                                                                                      _x12, 'OBJECT<'
                                                                                    ) THEN 'object'
                                                                                    ELSE 'other'
                                                                                  END
                                                                                ),
                                                                                _x13 -> CASE
                                                                                  WHEN (_x13 = 'boolean') THEN 0
                                                                                  WHEN (_x13 = 'integer') THEN CASE
                                                                                    WHEN (
                                                                                      (
                                                                                        try_variant_get(
                                                                                          _x10['v'], '$',
                                                                                          'bigint'
                                                                                        ) IS NOT NULL
                                                                                      )
                                                                                      AND (
                                                                                        TRY_CAST(
                                                                                          try_variant_get(
                                                                                            _x10['v'], '$',
                                                                                            'bigint'
                                                                                          ) AS decimal(38,0)
                                                                                        ) = try_variant_get(
                                                                                          _x10['v'], '$',
                                                                                          'decimal(38,0)'
                                                                                        )
                                                                                      )
                                                                                    ) THEN 1
                                                                                    WHEN (
                                                                                      (
                                                                                        try_variant_get(
                                                                                          _x10['v'], '$',
                                                                                          'decimal(38,0)'
                                                                                        ) IS NOT NULL
                                                                                      )
                                                                                      AND (
                                                                                        TRY_CAST(
                                                                                          try_variant_get(
                                                                                            _x10['v'], '$',
                                                                                            'decimal(38,0)'
                                                                                          ) AS decimal(38,0)
                                                                                        ) = try_variant_get(
                                                                                          _x10['v'], '$',
                                                                                          'decimal(38,0)'
                                                                                        )
                                                                                      )
                                                                                    ) THEN 3
                                                                                    ELSE 6
                                                                                  END
                                                                                  WHEN (_x13 = 'fraction') THEN CASE
                                                                                    WHEN (
                                                                                      (
                                                                                        (
                                                                                          (
                                                                                            try_variant_get(
                                                                                              _x10['v'], '$',
                                                                                              'double'
                                                                                            ) IS NOT NULL
                                                                                          )
                                                                                          AND (
                                                                                            NOT isnan(
                                                                                              try_variant_get(
                                                                                                _x10['v'],
                                                                                                '$', 'double'
                                                                                              )
                                                                                            )
                                                                                          )
                                                                                        )
                                                                                        AND (
                                                                                          abs(
                                                                                            try_variant_get(
                                                                                              _x10['v'], '$',
                                                                                              'double'
                                                                                            )
                                                                                          ) < CAST(
                                                                                            'Infinity' AS DOUBLE
                                                                                          )
                                                                                        )
                                                                                      )
                                                                                      AND CASE
                                                                                        WHEN (_x12 = 'DOUBLE') THEN TRUE
                                                                                        ELSE (
                                                                                          regexp_replace(
                                                                                            regexp_replace(
                                                                                              regexp_replace(
                                                                                                regexp_replace(
                                                                                                  CAST(
                                                                                                    try_variant_get(
                                                                                                      _x10['v'],
                                                                                                      '$',
                                                                                                      'double'
                                                                                                    ) AS string
                                                                                                  ),
                                                                                                  '[eE].*$',
                                                                                                  ''
                                                                                                ),
                                                                                                '^-', ''
                                                                                              ),
                                                                                              '\\.', ''
                                                                                            ),
                                                                                            '^0+|0+$', ''
                                                                                          ) = regexp_replace(
                                                                                            regexp_replace(
                                                                                              regexp_replace(
                                                                                                regexp_replace(
                                                                                                  to_json(
                                                                                                    _x10['v']
                                                                                                  ),
                                                                                                  '[eE].*$',
                                                                                                  ''
                                                                                                ),
                                                                                                '^-', ''
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
                                                                                  WHEN (_x13 = 'string') THEN CASE
                                                                                    WHEN (
                                                                                      (
                                                                                        (
                                                                                          try_variant_get(
                                                                                            _x10['v'], '$',
                                                                                            'string'
                                                                                          ) RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                                        )
                                                                                        AND (
                                                                                          NOT startswith(
                                                                                            try_variant_get(
                                                                                              _x10['v'], '$',
                                                                                              'string'
                                                                                            ),
                                                                                            '0000'
                                                                                          )
                                                                                        )
                                                                                      )
                                                                                      AND (
                                                                                        try_to_date(
                                                                                          try_variant_get(
                                                                                            _x10['v'], '$',
                                                                                            'string'
                                                                                          ),
                                                                                          'yyyy-MM-dd'
                                                                                        ) IS NOT NULL
                                                                                      )
                                                                                    ) THEN 4
                                                                                    WHEN (
                                                                                      (
                                                                                        (
                                                                                          try_variant_get(
                                                                                            _x10['v'], '$',
                                                                                            'string'
                                                                                          ) RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                                        )
                                                                                        AND (
                                                                                          NOT startswith(
                                                                                            try_variant_get(
                                                                                              _x10['v'], '$',
                                                                                              'string'
                                                                                            ),
                                                                                            '0000'
                                                                                          )
                                                                                        )
                                                                                      )
                                                                                      AND (
                                                                                        TRY_CAST(
                                                                                          try_variant_get(
                                                                                            _x10['v'], '$',
                                                                                            'string'
                                                                                          ) AS timestamp
                                                                                        ) IS NOT NULL
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
                                                                      END
                                                                    ),
                                                                    _x12 -> named_struct(
                                                                      'd', _x10['d'], 'k', _x11, 't', _x12,
                                                                      'x', 0, 'e',
                                                                      (size(split(_x10['sv'], 'ARRAY<')) - 1)
                                                                    )
                                                                  ),
                                                                  1
                                                                )
                                                              ),
                                                              1
                                                            )
                                                          )
                                                        ),
                                                        _x10 -> element_at(
                                                          transform(
                                                            array(
                                                              named_struct(
                                                                'prim', exists(_x10, _x11 -> (_x11['k'] = 0)),
                                                                'rec', exists(_x10, _x11 -> (_x11['k'] = 1)),
                                                                'deep', exists(_x10, _x11 -> (_x11['k'] = 3)),
                                                                'lo',
                                                                array_min(
                                                                  transform(
                                                                    filter(_x10, _x11 -> (_x11['k'] <= 1)),
                                                                    _x11 -> _x11['d']
                                                                  )
                                                                ),
                                                                'hi',
                                                                array_max(
                                                                  transform(
                                                                    filter(_x10, _x11 -> (_x11['k'] <= 1)),
                                                                    _x11 -> _x11['d']
                                                                  )
                                                                ),
                                                                'e',
                                                                array_max(
                                                                  transform(
                                                                    filter(_x10, _x11 -> (_x11['k'] = 2)),
                                                                    _x11 -> (_x11['d'] + _x11['e'])
                                                                  )
                                                                ),
                                                                'mask',
                                                                aggregate(
                                                                  filter(_x10, _x11 -> (_x11['k'] <= 1)), 0,
                                                                  (_acc11, _x11) -> (
                                                                    _acc11 | shiftleft(1, _x11['t'])
                                                                  )
                                                                ),
                                                                'exact',
                                                                aggregate(
                                                                  filter(_x10, _x11 -> (_x11['k'] <= 1)), 127,
                                                                  (_acc11, _x11) -> (_acc11 & _x11['x'])
                                                                )
                                                              )
                                                            ),
                                                            _x11 -> CASE
                                                              WHEN ((_x9 IS NULL) OR is_variant_null(_x9)) THEN 'null'
                                                              WHEN ((NOT _x11['prim']) AND (NOT _x11['rec'])) THEN CASE
                                                                WHEN _x11['deep'] THEN 'deep'
                                                                ELSE 'empty'
                                                              END
                                                              WHEN (
                                                                (
                                                                  (
                                                                    (_x11['prim'] AND _x11['rec'])
                                                                    OR (_x11['lo'] != _x11['hi'])
                                                                  )
                                                                  OR coalesce((_x11['e'] > _x11['hi']), FALSE)
                                                                )
                                                                OR _x11['deep']
                                                              ) THEN element_at(
                                                                array(
                                                                  'boolean', 'long', 'double', 'decimal',
                                                                  'date', 'timestamp', 'string'
                                                                ),
                                                                7
                                                              )
                                                              WHEN (
                                                                (_x11['rec'] AND (_x11['hi'] = 0))
                                                                AND (
                                                                  size(
                                                                    array_remove(
                                                                      map_keys(
                                                                        try_variant_get(
                                                                          _x9, '$', 'map<string,variant>'
                                                                        )
                                                                      ),
                                                                      ''
                                                                    )
                                                                  ) = 0
                                                                )
                                                              ) THEN 'empty'
                                                              WHEN _x11['rec'] THEN concat(
                                                                'record', repeat('[]', _x11['hi'])
                                                              )
                                                              ELSE concat(
                                                                CASE
                                                                  WHEN (_x11['hi'] = 0) THEN element_at(
                                                                    array(
                                                                      'boolean', 'long', 'double', 'decimal',
                                                                      'date', 'timestamp', 'string'
                                                                    ),
                                                                    (element_at(_x10, 1)['t'] + 1)
                                                                  )
                                                                  ELSE 'array'
                                                                END,
                                                                repeat('[]', _x11['hi'])
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
                                                _x9 -> element_at(
                                                  transform(
                                                    array(named_struct('y', _x9[0])),
                                                    _x10 -> element_at(
                                                      transform(
                                                        array(
                                                          named_struct(
                                                            'as_string',
                                                            transform(
                                                              array(
                                                                named_struct('v', _x8['y'], 's', _x10['y'])
                                                              ),
                                                              _x11 -> CASE
                                                                WHEN (_x11['s'] = 'boolean') THEN CAST(
                                                                  try_variant_get(_x11['v'], '$', 'boolean') AS string
                                                                )
                                                                WHEN (_x11['s'] = 'long') THEN CAST(
                                                                  try_variant_get(_x11['v'], '$', 'bigint') AS string
                                                                )
                                                                WHEN (_x11['s'] = 'double') THEN element_at(
                                                                  transform(
                                                                    array(
                                                                      (
                                                                        try_variant_get(
                                                                          _x11['v'], '$', 'double'
                                                                        ) + CAST(0.0D AS double)
                                                                      )
                                                                    ),
                                                                    _x12 -> CASE
                                                                      WHEN isnan(_x12) THEN 'NaN'
                                                                      WHEN (_x12 = CAST('Infinity' AS DOUBLE)) THEN 'Infinity'
                                                                      WHEN (_x12 = CAST('-Infinity' AS DOUBLE)) THEN '-Infinity'
                                                                      ELSE element_at(
                                                                        transform(
                                                                          array(
                                                                            CASE
                                                                              WHEN (
                                                                                TRY_CAST(
                                                                                  format_string('%.0e', _x12) AS double
                                                                                ) = _x12
                                                                              ) THEN format_string(
                                                                                '%.0e', _x12
                                                                              )
                                                                              WHEN (
                                                                                TRY_CAST(
                                                                                  format_string('%.1e', _x12) AS double
                                                                                ) = _x12
                                                                              ) THEN format_string(
                                                                                '%.1e', _x12
                                                                              )
                                                                              WHEN (
                                                                                TRY_CAST(
                                                                                  format_string('%.2e', _x12) AS double
                                                                                ) = _x12
                                                                              ) THEN format_string(
                                                                                '%.2e', _x12
                                                                              )
                                                                              WHEN (
                                                                                TRY_CAST(
                                                                                  format_string('%.3e', _x12) AS double
                                                                                ) = _x12
                                                                              ) THEN format_string(
                                                                                '%.3e', _x12
                                                                              )
                                                                              WHEN (
                                                                                TRY_CAST(
                                                                                  format_string('%.4e', _x12) AS double
                                                                                ) = _x12
                                                                              ) THEN format_string(
                                                                                '%.4e', _x12
                                                                              )
                                                                              WHEN (
                                                                                TRY_CAST(
                                                                                  format_string('%.5e', _x12) AS double
                                                                                ) = _x12
                                                                              ) THEN format_string(
                                                                                '%.5e', _x12
                                                                              )
                                                                              WHEN (
                                                                                TRY_CAST(
                                                                                  format_string('%.6e', _x12) AS double
                                                                                ) = _x12
                                                                              ) THEN format_string(
                                                                                '%.6e', _x12
                                                                              )
                                                                              WHEN (
                                                                                TRY_CAST(
                                                                                  format_string('%.7e', _x12) AS double
                                                                                ) = _x12
                                                                              ) THEN format_string(
                                                                                '%.7e', _x12
                                                                              )
                                                                              WHEN (
                                                                                TRY_CAST(
                                                                                  format_string('%.8e', _x12) AS double
                                                                                ) = _x12
                                                                              ) THEN format_string(
                                                                                '%.8e', _x12
                                                                              )
                                                                              WHEN (
                                                                                TRY_CAST(
                                                                                  format_string('%.9e', _x12) AS double
                                                                                ) = _x12
                                                                              ) THEN format_string(
                                                                                '%.9e', _x12
                                                                              )
                                                                              WHEN (
                                                                                TRY_CAST(
                                                                                  format_string('%.10e', _x12) AS double
                                                                                ) = _x12
                                                                              ) THEN format_string(
                                                                                '%.10e', _x12
                                                                              )
                                                                              WHEN (
                                                                                TRY_CAST(
                                                                                  format_string('%.11e', _x12) AS double
                                                                                ) = _x12
                                                                              ) THEN format_string(
                                                                                '%.11e', _x12
                                                                              )
                                                                              WHEN (
                                                                                TRY_CAST(
                                                                                  format_string('%.12e', _x12) AS double
                                                                                ) = _x12
                                                                              ) THEN format_string(
                                                                                '%.12e', _x12
                                                                              )
                                                                              WHEN (
                                                                                TRY_CAST(
                                                                                  format_string('%.13e', _x12) AS double
                                                                                ) = _x12
                                                                              ) THEN format_string(
                                                                                '%.13e', _x12
                                                                              )
                                                                              WHEN (
                                                                                TRY_CAST(
                                                                                  format_string('%.14e', _x12) AS double
                                                                                ) = _x12
                                                                              ) THEN format_string(
                                                                                '%.14e', _x12
                                                                              )
                                                                              WHEN (
                                                                                TRY_CAST(
                                                                                  format_string('%.15e', _x12) AS double
                                                                                ) = _x12
                                                                              ) THEN format_string(
                                                                                '%.15e', _x12
                                                                              )
                                                                              WHEN (
                                                                                TRY_CAST(
                                                                                  format_string('%.16e', _x12) AS double
                                                                                ) = _x12
                                                                              ) THEN format_string(
                                                                                '%.16e', _x12
                                                                              )
                                                                              ELSE format_string(
                                                                                '%.16e', _x12
                                                                              )
                                                                            END
                                                                          ),
                                                                          _x13 -> CASE
                                                                            WHEN (_x12 IS NULL) THEN NULL
                                                                            WHEN (_x12 = 0) THEN CASE
                                                                              WHEN startswith(
                                                                                format_string('%s', _x12), '-'
                                                                              ) THEN '-0.0'
                                                                              ELSE '0.0'
                                                                            END
                                                                            ELSE concat(
                                                                              CASE
                                                                                WHEN startswith(_x13, '-') THEN '-'
                                                                                ELSE ''
                                                                              END,
                                                                              CASE
                                                                                WHEN (
                                                                                  (abs(_x12) >= 0.001D)
                                                                                  AND (abs(_x12) < 10000000.0D)
                                                                                ) THEN CASE
                                                                                  WHEN (
                                                                                    (
                                                                                      CAST(
                                                                                        regexp_extract(
                                                                                          regexp_replace(
                                                                                            _x13, '^-', ''
                                                                                          ),
                                                                                          'e([+-][0-9]+)$', 1
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
                                                                                              regexp_replace(
                                                                                                _x13, '^-', ''
                                                                                              ),
                                                                                              'e([+-][0-9]+)$',
                                                                                              1
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
                                                                                              regexp_replace(
                                                                                                _x13, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
                                                                                            ),
                                                                                            '\\.', ''
                                                                                          ),
                                                                                          '0+$', ''
                                                                                        ) = ''
                                                                                      ) THEN '0'
                                                                                      ELSE regexp_replace(
                                                                                        regexp_replace(
                                                                                          regexp_extract(
                                                                                            regexp_replace(
                                                                                              _x13, '^-', ''
                                                                                            ),
                                                                                            '^([0-9.]+)e', 1
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
                                                                                          regexp_replace(
                                                                                            _x13, '^-', ''
                                                                                          ),
                                                                                          'e([+-][0-9]+)$', 1
                                                                                        ) AS int
                                                                                      ) + 1
                                                                                    ) >= length(
                                                                                      CASE
                                                                                        WHEN (
                                                                                          regexp_replace(
                                                                                            regexp_replace(
                                                                                              regexp_extract(
                                                                                                regexp_replace(
                                                                                                  _x13, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
                                                                                              ),
                                                                                              '\\.', ''
                                                                                            ),
                                                                                            '0+$', ''
                                                                                          ) = ''
                                                                                        ) THEN '0'
                                                                                        ELSE regexp_replace(
                                                                                          regexp_replace(
                                                                                            regexp_extract(
                                                                                              regexp_replace(
                                                                                                _x13, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
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
                                                                                              regexp_replace(
                                                                                                _x13, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
                                                                                            ),
                                                                                            '\\.', ''
                                                                                          ),
                                                                                          '0+$', ''
                                                                                        ) = ''
                                                                                      ) THEN '0'
                                                                                      ELSE regexp_replace(
                                                                                        regexp_replace(
                                                                                          regexp_extract(
                                                                                            regexp_replace(
                                                                                              _x13, '^-', ''
                                                                                            ),
                                                                                            '^([0-9.]+)e', 1
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
                                                                                              regexp_replace(
                                                                                                _x13, '^-', ''
                                                                                              ),
                                                                                              'e([+-][0-9]+)$',
                                                                                              1
                                                                                            ) AS int
                                                                                          ) + 1
                                                                                        ) - length(
                                                                                          CASE
                                                                                            WHEN (
                                                                                              regexp_replace(
                                                                                                regexp_replace(
                                                                                                  regexp_extract(
                                                                                                    regexp_replace(
                                                                                                      _x13,
                                                                                                      '^-', ''
                                                                                                    ),
                                                                                                    '^([0-9.]+)e',
                                                                                                    1
                                                                                                  ),
                                                                                                  '\\.', ''
                                                                                                ),
                                                                                                '0+$', ''
                                                                                              ) = ''
                                                                                            ) THEN '0'
                                                                                            ELSE regexp_replace(
                                                                                              regexp_replace(
                                                                                                regexp_extract(
                                                                                                  regexp_replace(
                                                                                                    _x13,
                                                                                                    '^-', ''
                                                                                                  ),
                                                                                                  '^([0-9.]+)e',
                                                                                                  1
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
                                                                                                regexp_replace(
                                                                                                  _x13, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
                                                                                              ),
                                                                                              '\\.', ''
                                                                                            ),
                                                                                            '0+$', ''
                                                                                          ) = ''
                                                                                        ) THEN '0'
                                                                                        ELSE regexp_replace(
                                                                                          regexp_replace(
                                                                                            regexp_extract(
                                                                                              regexp_replace(
                                                                                                _x13, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
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
                                                                                            regexp_replace(
                                                                                              _x13, '^-', ''
                                                                                            ),
                                                                                            'e([+-][0-9]+)$',
                                                                                            1
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
                                                                                                regexp_replace(
                                                                                                  _x13, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
                                                                                              ),
                                                                                              '\\.', ''
                                                                                            ),
                                                                                            '0+$', ''
                                                                                          ) = ''
                                                                                        ) THEN '0'
                                                                                        ELSE regexp_replace(
                                                                                          regexp_replace(
                                                                                            regexp_extract(
                                                                                              regexp_replace(
                                                                                                _x13, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
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
                                                                                              regexp_replace(
                                                                                                _x13, '^-', ''
                                                                                              ),
                                                                                              'e([+-][0-9]+)$',
                                                                                              1
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
                                                                                                    regexp_replace(
                                                                                                      _x13,
                                                                                                      '^-', ''
                                                                                                    ),
                                                                                                    '^([0-9.]+)e',
                                                                                                    1
                                                                                                  ),
                                                                                                  '\\.', ''
                                                                                                ),
                                                                                                '0+$', ''
                                                                                              ) = ''
                                                                                            ) THEN '0'
                                                                                            ELSE regexp_replace(
                                                                                              regexp_replace(
                                                                                                regexp_extract(
                                                                                                  regexp_replace(
                                                                                                    _x13,
                                                                                                    '^-', ''
                                                                                                  ),
                                                                                                  '^([0-9.]+)e',
                                                                                                  1
                                                                                                ),
                                                                                                '\\.', ''
                                                                                              ),
                                                                                              '0+$', ''
                                                                                            )
                                                                                          END
                                                                                        ) - (
                                                                                          CAST(
                                                                                            regexp_extract(
                                                                                              regexp_replace(
                                                                                                _x13, '^-', ''
                                                                                              ),
                                                                                              'e([+-][0-9]+)$',
                                                                                              1
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
                                                                                              regexp_replace(
                                                                                                _x13, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
                                                                                            ),
                                                                                            '\\.', ''
                                                                                          ),
                                                                                          '0+$', ''
                                                                                        ) = ''
                                                                                      ) THEN '0'
                                                                                      ELSE regexp_replace(
                                                                                        regexp_replace(
                                                                                          regexp_extract(
                                                                                            regexp_replace(
                                                                                              _x13, '^-', ''
                                                                                            ),
                                                                                            '^([0-9.]+)e', 1
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
                                                                                                  regexp_replace(
                                                                                                    _x13,
                                                                                                    '^-', ''
                                                                                                  ),
                                                                                                  '^([0-9.]+)e',
                                                                                                  1
                                                                                                ),
                                                                                                '\\.', ''
                                                                                              ),
                                                                                              '0+$', ''
                                                                                            ) = ''
                                                                                          ) THEN '0'
                                                                                          ELSE regexp_replace(
                                                                                            regexp_replace(
                                                                                              regexp_extract(
                                                                                                regexp_replace(
                                                                                                  _x13, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
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
                                                                                                regexp_replace(
                                                                                                  _x13, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
                                                                                              ),
                                                                                              '\\.', ''
                                                                                            ),
                                                                                            '0+$', ''
                                                                                          ) = ''
                                                                                        ) THEN '0'
                                                                                        ELSE regexp_replace(
                                                                                          regexp_replace(
                                                                                            regexp_extract(
                                                                                              regexp_replace(
                                                                                                _x13, '^-', ''
                                                                                              ),
                                                                                              '^([0-9.]+)e', 1
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
                                                                                                  regexp_replace(
                                                                                                    _x13,
                                                                                                    '^-', ''
                                                                                                  ),
                                                                                                  '^([0-9.]+)e',
                                                                                                  1
                                                                                                ),
                                                                                                '\\.', ''
                                                                                              ),
                                                                                              '0+$', ''
                                                                                            ) = ''
                                                                                          ) THEN '0'
                                                                                          ELSE regexp_replace(
                                                                                            regexp_replace(
                                                                                              regexp_extract(
                                                                                                regexp_replace(
                                                                                                  _x13, '^-',
                                                                                                  ''
                                                                                                ),
                                                                                                '^([0-9.]+)e',
                                                                                                1
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
                                                                                        regexp_replace(
                                                                                          _x13, '^-', ''
                                                                                        ),
                                                                                        'e([+-][0-9]+)$', 1
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
                                                                WHEN (_x11['s'] = 'decimal') THEN CAST(
                                                                  try_variant_get(
                                                                    _x11['v'], '$', 'decimal(38,0)'
                                                                  ) AS string
                                                                )
                                                                WHEN (_x11['s'] = 'date') THEN date_format(
                                                                  try_to_date(
                                                                    try_variant_get(_x11['v'], '$', 'string'),
                                                                    'yyyy-MM-dd'
                                                                  ),
                                                                  'yyyy-MM-dd'
                                                                )
                                                                WHEN (_x11['s'] = 'timestamp') THEN element_at(
                                                                  transform(
                                                                    array(
                                                                      TRY_CAST(
                                                                        try_variant_get(
                                                                          _x11['v'], '$', 'string'
                                                                        ) AS timestamp
                                                                      )
                                                                    ),
                                                                    _x12 -> CASE
                                                                      WHEN (_x12 IS NULL) THEN NULL
                                                                      ELSE concat(
                                                                        date_format(
                                                                          _x12, 'yyyy-MM-dd\'T\'HH:mm:ss'
                                                                        ),
                                                                        CASE
                                                                          WHEN (
                                                                            pmod(unix_micros(_x12), 1000000) = 0
                                                                          ) THEN ''
                                                                          ELSE concat(
                                                                            '.',
                                                                            lpad(
                                                                              CAST(
                                                                                pmod(
                                                                                  unix_micros(_x12), 1000000
                                                                                ) AS string
                                                                              ),
                                                                              6, '0'
                                                                            )
                                                                          )
                                                                        END,
                                                                        'Z'
                                                                      )
                                                                    END
                                                                  ),
                                                                  1
                                                                )
                                                                WHEN (_x11['s'] = 'string') THEN CASE
                                                                  WHEN (
                                                                    schema_of_variant(_x11['v']) = 'STRING'
                                                                  ) THEN try_variant_get(
                                                                    _x11['v'], '$', 'string'
                                                                  )
                                                                  WHEN (NOT is_variant_null(_x11['v'])) THEN to_json(
                                                                    _x11['v']
                                                                  )
                                                                END
                                                              END
                                                            )
                                                          )
                                                        ),
                                                        _x11 -> element_at(
                                                          transform(
                                                            array(
                                                              named_struct(
                                                                'y',
                                                                CAST(
                                                                  CASE
                                                                    WHEN (_x10['y'] IN ('string')) THEN named_struct(
                                                                      'y', _x11['as_string'][0]
                                                                    )['y']
                                                                  END AS STRING
                                                                )
                                                              )
                                                            ),
                                                            _x12 -> named_struct(
                                                              'y', _x12['y'], '__lost',
                                                              coalesce(
                                                                (
                                                                  (
                                                                    size(
                                                                      array_except(
                                                                        map_keys(_x7), array('y', '')
                                                                      )
                                                                    ) > 0
                                                                  )
                                                                  OR (
                                                                    (NOT (_x10['y'] IN ('null', 'empty')))
                                                                    AND (NOT (_x12['y'] IS NOT NULL))
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
                                          ),
                                          1
                                        )
                                      ),
                                      1
                                    )
                                  END
                                )
                              )
                            )
                          ),
                          _x5 -> named_struct(
                            'b', _x5['b'], 'b_record', _x5['b_record'], 'b_array_record',
                            _x5['b_array_record'], 'b_array2_record', _x5['b_array2_record'], '__lost',
                            coalesce(
                              (
                                (size(array_except(map_keys(_x1), array('b', ''))) > 0)
                                OR (
                                  (NOT (_x4['b'] IN ('null', 'empty')))
                                  AND (
                                    NOT (
                                      (
                                        (
                                          (
                                            (_x5['b_record'] IS NOT NULL)
                                            AND (NOT coalesce(_x5['b_record']['__lost'], FALSE))
                                          )
                                          OR (
                                            (_x5['b'] IS NOT NULL)
                                            AND (
                                              NOT coalesce(
                                                exists(
                                                  _x5['b'],
                                                  _x6 -> (
                                                    (_x6 IS NOT NULL)
                                                    AND coalesce(
                                                      exists(
                                                        _x6,
                                                        _x7 -> (
                                                          (_x7 IS NOT NULL)
                                                          AND coalesce(
                                                            exists(
                                                              _x7,
                                                              _x8 -> (
                                                                (_x8 IS NOT NULL)
                                                                AND coalesce(_x8['__lost'], FALSE)
                                                              )
                                                            ),
                                                            FALSE
                                                          )
                                                        )
                                                      ),
                                                      FALSE
                                                    )
                                                  )
                                                ),
                                                FALSE
                                              )
                                            )
                                          )
                                        )
                                        OR (
                                          (_x5['b_array_record'] IS NOT NULL)
                                          AND (
                                            NOT coalesce(
                                              exists(
                                                _x5['b_array_record'],
                                                _x6 -> ((_x6 IS NOT NULL) AND coalesce(_x6['__lost'], FALSE))
                                              ),
                                              FALSE
                                            )
                                          )
                                        )
                                      )
                                      OR (
                                        (_x5['b_array2_record'] IS NOT NULL)
                                        AND (
                                          NOT coalesce(
                                            exists(
                                              _x5['b_array2_record'],
                                              _x6 -> (
                                                (_x6 IS NOT NULL)
                                                AND coalesce(
                                                  exists(
                                                    _x6,
                                                    _x7 -> (
                                                      (_x7 IS NOT NULL) AND coalesce(_x7['__lost'], FALSE)
                                                    )
                                                  ),
                                                  FALSE
                                                )
                                              )
                                            ),
                                            FALSE
                                          )
                                        )
                                      )
                                    )
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
        ),
        1
      )
    END AS `a`
  FROM converted
)
-- the columns as the table types them, and _rescued: the line, when it is not a JSON object or a value of it reached no column
SELECT
  CAST(
    CASE
      WHEN (`a` IS NOT NULL) THEN named_struct(
        'b',
        CAST(
          transform(
            `a`['b'],
            _x1 -> transform(
              _x1,
              _x2 -> transform(
                _x2,
                _x3 -> CASE
                  WHEN (_x3 IS NOT NULL) THEN named_struct(
                    'c', _x3['c'], 'x', _x3['x'], 'y', _x3['y'], 'z', _x3['z']
                  )
                END
              )
            )
          ) AS ARRAY<ARRAY<ARRAY<STRUCT<`c`: STRING,
          `x`: STRING, `y`: STRING, `z`: STRING>>>>
        ),
        'b_record',
        CAST(
          CASE WHEN (`a`['b_record'] IS NOT NULL) THEN named_struct('c', `a`['b_record']['c']) END AS STRUCT<`c`: STRING>
        ),
        'b_array_record',
        CAST(
          transform(
            `a`['b_array_record'], _x1 -> CASE WHEN (_x1 IS NOT NULL) THEN named_struct('x', _x1['x']) END
          ) AS ARRAY<STRUCT<`x`: STRING>>
        ),
        'b_array2_record',
        CAST(
          transform(
            `a`['b_array2_record'],
            _x1 -> transform(_x1, _x2 -> CASE WHEN (_x2 IS NOT NULL) THEN named_struct('y', _x2['y']) END)
          ) AS ARRAY<ARRAY<STRUCT<`y`: STRING>>>
        )
      )
    END AS STRUCT<`b`: ARRAY<ARRAY<ARRAY<STRUCT<`c`: STRING,
    `x`: STRING, `y`: STRING, `z`: STRING>>>>, `b_record`: STRUCT<`c`: STRING>,
    `b_array_record`: ARRAY<STRUCT<`x`: STRING>>, `b_array2_record`: ARRAY<ARRAY<STRUCT<`y`: STRING>>>>
  ) AS `a`,
  CASE
    WHEN (
      (`m` IS NULL)
      OR coalesce(
        (
          (size(array_except(map_keys(`m`), array('a', ''))) > 0)
          OR (
            (NOT (`s`['a'] IN ('null', 'empty')))
            AND (NOT ((`a` IS NOT NULL) AND (NOT coalesce(`a`['__lost'], FALSE))))
          )
        ),
        FALSE
      )
    ) THEN `value`
  END AS `_rescued`
FROM columns;
